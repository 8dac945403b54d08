CREATE INDEX "enrollments_created_idx" ON "enrollments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_captured_idx" ON "payments" USING btree ("captured_at") WHERE "payments"."captured_at" is not null;--> statement-breakpoint
CREATE INDEX "payments_refund_due_idx" ON "payments" USING btree ("refund_due_at") WHERE "payments"."refund_due_at" is not null;