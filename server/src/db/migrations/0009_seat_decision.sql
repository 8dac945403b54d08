ALTER TABLE "payments" DROP CONSTRAINT "payments_refund_reason_check";--> statement-breakpoint
ALTER TABLE "lesson_sessions" ADD COLUMN "decision" text DEFAULT 'unconditional' NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_sessions" ADD COLUMN "decision_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "lesson_sessions_pending_decision_idx" ON "lesson_sessions" USING btree ("decision_at") WHERE "lesson_sessions"."decision" = 'pending';--> statement-breakpoint
ALTER TABLE "lesson_sessions" ADD CONSTRAINT "lesson_sessions_decision_check" CHECK ("lesson_sessions"."decision" in ('pending', 'confirmed', 'cancelled', 'unconditional'));--> statement-breakpoint
ALTER TABLE "lesson_sessions" ADD CONSTRAINT "lesson_sessions_decision_at_check" CHECK ("lesson_sessions"."decision" = 'unconditional' or "lesson_sessions"."decision_at" is not null);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_reason_check" CHECK ("payments"."refund_reason" in ('unenrolled', 'sessionCancelled', 'seatTaken', 'tooFewStudents', 'provider'));--> statement-breakpoint
-- A session cancelled for too few students no longer holds its hour: the educator may schedule
-- another in it.
ALTER TABLE "lesson_sessions" DROP CONSTRAINT "lesson_sessions_no_overlap";
--> statement-breakpoint
ALTER TABLE "lesson_sessions" ADD CONSTRAINT "lesson_sessions_no_overlap"
  EXCLUDE USING gist ("owner_id" WITH =, tstzrange("start_time", "end_time") WITH &&)
  WHERE ("decision" <> 'cancelled');
