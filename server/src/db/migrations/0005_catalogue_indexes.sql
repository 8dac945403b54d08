CREATE TABLE "catalogue_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_version_single_row" CHECK ("catalogue_version"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "session_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rating_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "lesson_sessions_start_idx" ON "lesson_sessions" USING btree ("start_time");--> statement-breakpoint
CREATE INDEX "lessons_catalogue_idx" ON "lessons" USING btree ("created_at","id") WHERE "lessons"."session_count" > 0;--> statement-breakpoint
CREATE INDEX "payments_hold_expiry_idx" ON "payments" USING btree ("hold_expires_at") WHERE "payments"."status" = 'processing';