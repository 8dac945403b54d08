-- What the catalogue shows, kept so that reading it is cheap and caching it is safe.
--
-- Counts kept as data: a lesson's number of sessions (the catalogue lists lessons with one) and
-- an educator's rating total and count (every catalogue card shows it), each kept by a trigger
-- in the transaction of the write, so no code path can leave them wrong.
UPDATE "lessons" SET "session_count" = (
  SELECT count(*) FROM "lesson_sessions" AS s WHERE s."lesson_id" = "lessons"."id"
);
--> statement-breakpoint
UPDATE "users" SET
  "rating_total" = r.total,
  "rating_count" = r.count
FROM (
  SELECT l."owner_id", sum(v."rating")::int AS total, count(*)::int AS count
  FROM "reviews" AS v JOIN "lessons" AS l ON l."id" = v."lesson_id"
  GROUP BY l."owner_id"
) AS r
WHERE "users"."id" = r."owner_id";
--> statement-breakpoint
CREATE FUNCTION lesson_session_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "lessons" SET "session_count" = "session_count" - 1 WHERE "id" = OLD."lesson_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "lessons" SET "session_count" = "session_count" + 1 WHERE "id" = NEW."lesson_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "lesson_sessions_count" AFTER INSERT OR DELETE OR UPDATE OF "lesson_id"
  ON "lesson_sessions" FOR EACH ROW EXECUTE FUNCTION lesson_session_counted();
--> statement-breakpoint
-- A review counts for the educator who owns its lesson. When a lesson is deleted, its reviews
-- leave its educator's rating before the lesson goes (the cascaded review deletes then find no
-- lesson and change nothing).
CREATE FUNCTION review_rated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "users" SET "rating_total" = "rating_total" - OLD."rating",
      "rating_count" = "rating_count" - 1
    WHERE "id" = (SELECT "owner_id" FROM "lessons" WHERE "id" = OLD."lesson_id");
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "users" SET "rating_total" = "rating_total" + NEW."rating",
      "rating_count" = "rating_count" + 1
    WHERE "id" = (SELECT "owner_id" FROM "lessons" WHERE "id" = NEW."lesson_id");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "reviews_rating" AFTER INSERT OR DELETE OR UPDATE OF "rating", "lesson_id"
  ON "reviews" FOR EACH ROW EXECUTE FUNCTION review_rated();
--> statement-breakpoint
CREATE FUNCTION lesson_reviews_unrated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET
    "rating_total" = "rating_total" - r.total,
    "rating_count" = "rating_count" - r.count
  FROM (
    SELECT coalesce(sum("rating"), 0)::int AS total, count(*)::int AS count
    FROM "reviews" WHERE "lesson_id" = OLD."id"
  ) AS r
  WHERE "users"."id" = OLD."owner_id" AND r.count > 0;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "lessons_unrate_reviews" BEFORE DELETE ON "lessons"
  FOR EACH ROW EXECUTE FUNCTION lesson_reviews_unrated();
--> statement-breakpoint
-- The catalogue's version: every committed write that changes what a catalogue call answers
-- gives it a value it never had, so an instance whose cached page was read at another version
-- reads again. The values come from a sequence, which no TRUNCATE ... RESTART IDENTITY resets.
-- The triggers are deferred to the commit and raise it once per transaction, so the row's lock
-- is taken last and held only while the transaction commits.
CREATE SEQUENCE "catalogue_version_seq";
--> statement-breakpoint
INSERT INTO "catalogue_version" ("id", "version") VALUES (1, nextval('catalogue_version_seq'));
--> statement-breakpoint
CREATE FUNCTION catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('manabi.catalogue_changed_in', true) IS DISTINCT FROM txid_current()::text
  THEN
    PERFORM set_config('manabi.catalogue_changed_in', txid_current()::text, true);
    INSERT INTO "catalogue_version" ("id", "version") VALUES (1, nextval('catalogue_version_seq'))
      ON CONFLICT ("id") DO UPDATE SET "version" = excluded."version";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "lessons_catalogue" AFTER INSERT OR UPDATE OR DELETE ON "lessons"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "lesson_sessions_catalogue"
  AFTER INSERT OR UPDATE OR DELETE ON "lesson_sessions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "enrollments_catalogue"
  AFTER INSERT OR UPDATE OR DELETE ON "enrollments"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "payments_catalogue"
  AFTER INSERT OR DELETE OR UPDATE OF "status", "hold_expires_at", "session_id" ON "payments"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "reviews_catalogue"
  AFTER INSERT OR DELETE OR UPDATE OF "rating", "lesson_id" ON "reviews"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_catalogue"
  AFTER DELETE OR UPDATE OF "name", "description", "approved_at", "rating_total", "rating_count"
  ON "users" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "categories_catalogue"
  AFTER INSERT OR UPDATE OR DELETE ON "categories"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
-- Emptying a table (tests do between cases) changes the catalogue too.
CREATE FUNCTION catalogue_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalogue_version" ("id", "version") VALUES (1, nextval('catalogue_version_seq'))
    ON CONFLICT ("id") DO UPDATE SET "version" = excluded."version";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "lessons_catalogue_emptied" AFTER TRUNCATE ON "lessons"
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_emptied();
--> statement-breakpoint
CREATE TRIGGER "lesson_sessions_catalogue_emptied" AFTER TRUNCATE ON "lesson_sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_emptied();
--> statement-breakpoint
CREATE TRIGGER "enrollments_catalogue_emptied" AFTER TRUNCATE ON "enrollments"
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_emptied();
--> statement-breakpoint
CREATE TRIGGER "payments_catalogue_emptied" AFTER TRUNCATE ON "payments"
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_emptied();
--> statement-breakpoint
CREATE TRIGGER "reviews_catalogue_emptied" AFTER TRUNCATE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_emptied();
--> statement-breakpoint
CREATE TRIGGER "users_catalogue_emptied" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_emptied();
--> statement-breakpoint
CREATE TRIGGER "categories_catalogue_emptied" AFTER TRUNCATE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_emptied();
