-- Rules Drizzle's schema language cannot state; PGlite loads both extensions at start-up.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- No two sessions of one educator may overlap in time (§5).
ALTER TABLE "lesson_sessions" ADD CONSTRAINT "lesson_sessions_no_overlap"
  EXCLUDE USING gist ("owner_id" WITH =, tstzrange("start_time", "end_time") WITH &&);
--> statement-breakpoint
-- Title search is a case-insensitive substring match.
CREATE INDEX "lessons_title_trgm_idx" ON "lessons" USING gin ("title" gin_trgm_ops);
