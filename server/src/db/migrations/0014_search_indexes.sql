CREATE INDEX "lesson_sessions_owner_idx" ON "lesson_sessions" USING btree ("owner_id","end_time");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
-- Searches for a part of a text (a lesson's title, a user's name or e-mail) are served by
-- indexes: pg_trgm's for three characters or more; for fewer, an index of the text's bigrams
-- (pairs of consecutive characters, lower-cased as ILIKE compares), since Japanese words are
-- often two characters (書道, 料理) and a trigram index cannot find those. Both only narrow the
-- rows; the ILIKE of the query decides.
CREATE FUNCTION bigrams(value text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(lower(value), i, 2)), '{}')
  FROM generate_series(1, char_length(lower(value)) - 1) AS i
$$;
--> statement-breakpoint
CREATE INDEX "lessons_title_bigram_idx" ON "lessons" USING gin (bigrams("title"));
--> statement-breakpoint
-- The admin searches the name and the e-mail together: one index over both, so a search is
-- one index scan (the query then tells which of the two matched).
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (("name" || ' ' || "email") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "users_search_bigram_idx" ON "users" USING gin (bigrams("name" || ' ' || "email"));
