CREATE TABLE "webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "platform_fee_bps" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "platform_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "educator_share_cents" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_open_unique" ON "payments" USING btree ("user_id","session_id") WHERE "payments"."status" = 'processing';--> statement-breakpoint
CREATE INDEX "payments_session_status_idx" ON "payments" USING btree ("session_id","status");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_transaction_id_unique" UNIQUE("transaction_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_reason_check" CHECK ("payments"."refund_reason" in ('unenrolled', 'sessionCancelled', 'seatTaken', 'provider'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_fee_check" CHECK ("payments"."platform_fee_bps" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('processing', 'success', 'cancelled', 'error', 'refunding', 'refunded'));