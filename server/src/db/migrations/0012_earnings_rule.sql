ALTER TABLE "users" ADD COLUMN "earnings_rule_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "earnings_warning_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivation_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_deactivation_check" CHECK (("users"."deactivated_at" is null) = ("users"."deactivation_reason" is null) and ("users"."deactivation_reason" is null or "users"."deactivation_reason" in ('earnings_rule')));--> statement-breakpoint
-- Educators approved before the rule existed are judged from its arrival, with a full three
-- months to meet it (not exempt, as the anchor is not their approval): no period that ran before
-- the rule counts against them.
UPDATE "users" SET "earnings_rule_from" = greatest("approved_at", now())
  WHERE "role" = 'educator' AND "approved_at" IS NOT NULL;
--> statement-breakpoint
-- A deactivated educator's lessons leave the catalogue, and come back on reactivation: the
-- catalogue's version changes with the column.
DROP TRIGGER "users_catalogue" ON "users";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_catalogue"
  AFTER DELETE OR UPDATE OF "name", "description", "approved_at", "rating_total", "rating_count",
    "deactivated_at"
  ON "users" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalogue_changed();
