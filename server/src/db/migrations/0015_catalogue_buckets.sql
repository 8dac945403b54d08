ALTER TABLE "catalogue_version" DROP CONSTRAINT "catalogue_version_single_row";--> statement-breakpoint
ALTER TABLE "catalogue_version" ALTER COLUMN "id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "catalogue_version" ADD CONSTRAINT "catalogue_version_bucket" CHECK ("catalogue_version"."id" between 0 and 63);--> statement-breakpoint
-- The catalogue's version as 64 buckets (CATALOGUE_VERSION_BUCKETS in schema.ts). Raising one row
-- at every commit made the commits of unrelated writes (two students taking seats in two
-- sessions) take turns on that row's lock, each holding it while its commit was flushed. A
-- transaction now raises only its connection's bucket, so two commits wait for each other only
-- when their connections share one, and a reader still learns of every commit, as it reads every
-- bucket at once and compares them all (catalogueVersionReader).
--
-- A connection is given its bucket at its first catalogue write, from a sequence: connections
-- that opened one after the other have different buckets until 64 have opened. (The server
-- process id modulo 64 would need no state, but the ids of a pool's connections are spread by
-- every other process the machine starts: ten connections would share a bucket about every
-- other time.) The buckets the single row did not have start from values never used before.
CREATE SEQUENCE "catalogue_version_bucket_seq";
--> statement-breakpoint
INSERT INTO "catalogue_version" ("id", "version")
  SELECT "bucket", nextval('catalogue_version_seq') FROM generate_series(0, 63) AS "bucket"
  ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
-- Raises the bucket of this transaction's connection. Its new value is taken from the sequence in
-- the conflict's SET, which PostgreSQL evaluates once it holds the row's lock, after the bucket's
-- previous writer committed: it is above every value the triggers gave the row, so each bucket
-- only rises, and rises at every commit that raises it. greatest() keeps it rising past a value
-- written by hand above the sequence. A missing bucket is inserted with a value never used before.
CREATE FUNCTION catalogue_version_raised() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  bucket integer := nullif(current_setting('manabi.catalogue_bucket', true), '')::integer;
BEGIN
  IF bucket IS NULL THEN
    bucket := nextval('catalogue_version_bucket_seq') % 64;
    -- For the connection's life (false: not only this transaction's).
    PERFORM set_config('manabi.catalogue_bucket', bucket::text, false);
  END IF;
  INSERT INTO "catalogue_version" ("id", "version")
    VALUES (bucket, nextval('catalogue_version_seq'))
    ON CONFLICT ("id") DO UPDATE SET "version" =
      greatest("catalogue_version"."version" + 1, nextval('catalogue_version_seq'));
END $$;
--> statement-breakpoint
-- Still deferred to the commit and once per transaction, so the bucket's lock is taken last and
-- held only while the transaction commits.
CREATE OR REPLACE FUNCTION catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('manabi.catalogue_changed_in', true) IS DISTINCT FROM txid_current()::text
  THEN
    PERFORM set_config('manabi.catalogue_changed_in', txid_current()::text, true);
    PERFORM catalogue_version_raised();
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Emptying a table changes the catalogue too. It also puts back, with values never used before,
-- the buckets an emptied catalogue_version lost (the tests empty every table in one statement):
-- a reader that finds a bucket missing has no version.
CREATE OR REPLACE FUNCTION catalogue_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalogue_version" ("id", "version")
    SELECT "bucket", nextval('catalogue_version_seq') FROM generate_series(0, 63) AS "bucket"
    WHERE NOT EXISTS (SELECT FROM "catalogue_version" WHERE "id" = "bucket")
    ON CONFLICT ("id") DO NOTHING;
  PERFORM catalogue_version_raised();
  RETURN NULL;
END $$;
