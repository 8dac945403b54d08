ALTER TABLE "payments" ADD COLUMN "captured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "timezone" text DEFAULT 'Asia/Tokyo' NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_lesson_captured_idx" ON "payments" USING btree ("lesson_id","captured_at");--> statement-breakpoint
-- Payments captured and refunded before these columns: their last change is the best instant known.
UPDATE "payments" SET "captured_at" = "updated_at" WHERE "transaction_id" IS NOT NULL;--> statement-breakpoint
UPDATE "payments" SET "refund_due_at" = coalesce("refunded_at", "updated_at")
  WHERE "status" IN ('refunding', 'refunded');
