CREATE TABLE "device_counts" (
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"deactivated" boolean NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "device_counts_account_id_kind_deactivated_pk" PRIMARY KEY("account_id","kind","deactivated")
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "open_critical_alerts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "open_important_alerts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The devices list's totals by kind and deactivation, kept by triggers (schema/devices.ts deviceCounts).
INSERT INTO "device_counts" ("account_id", "kind", "deactivated", "n")
  SELECT "account_id", "kind", "deactivated_date" IS NOT NULL, count(*)::int FROM "devices" GROUP BY 1, 2, 3;--> statement-breakpoint
CREATE FUNCTION "device_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "device_counts" ("account_id", "kind", "deactivated", "n")
    SELECT "account_id", "kind", "deactivated_date" IS NOT NULL, count(*)::int FROM "changed_rows" GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
  ON CONFLICT ("account_id", "kind", "deactivated")
    DO UPDATE SET "n" = "device_counts"."n" + CASE WHEN TG_OP = 'DELETE' THEN -EXCLUDED."n" ELSE EXCLUDED."n" END;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Inserts and deletes by statement (a bulk enrolment adds once); an update only when it moves a device
-- between counts (a check-in's update names none of these columns, so this never runs for it).
CREATE TRIGGER "devices_counts_insert" AFTER INSERT ON "devices"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "device_counts_add"();--> statement-breakpoint
CREATE TRIGGER "devices_counts_delete" AFTER DELETE ON "devices"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "device_counts_add"();--> statement-breakpoint
CREATE FUNCTION "device_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."account_id" = NEW."account_id" AND OLD."kind" = NEW."kind"
     AND (OLD."deactivated_date" IS NULL) = (NEW."deactivated_date" IS NULL) THEN
    RETURN NULL;
  END IF;
  UPDATE "device_counts" SET "n" = "n" - 1
    WHERE "account_id" = OLD."account_id" AND "kind" = OLD."kind" AND "deactivated" = (OLD."deactivated_date" IS NOT NULL);
  INSERT INTO "device_counts" ("account_id", "kind", "deactivated", "n")
    VALUES (NEW."account_id", NEW."kind", NEW."deactivated_date" IS NOT NULL, 1)
  ON CONFLICT ("account_id", "kind", "deactivated") DO UPDATE SET "n" = "device_counts"."n" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "devices_counts_update" AFTER UPDATE OF "account_id", "kind", "deactivated_date" ON "devices"
  FOR EACH ROW EXECUTE FUNCTION "device_counts_move"();--> statement-breakpoint
-- Each device's open alerts by severity, kept by a trigger on device_alerts (schema/devices.ts).
UPDATE "devices" d SET "open_critical_alerts" = a."critical", "open_important_alerts" = a."important"
  FROM (SELECT "device_id", count(*) FILTER (WHERE "severity" = 'critical')::int AS "critical",
               count(*) FILTER (WHERE "severity" = 'important')::int AS "important"
        FROM "device_alerts" WHERE "cleared_at" IS NULL GROUP BY "device_id") a
  WHERE d."id" = a."device_id";--> statement-breakpoint
CREATE FUNCTION "device_alerts_open_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."cleared_at" IS NULL THEN
    UPDATE "devices" SET
        "open_critical_alerts" = "open_critical_alerts" - (OLD."severity" = 'critical')::int,
        "open_important_alerts" = "open_important_alerts" - (OLD."severity" = 'important')::int
      WHERE "id" = OLD."device_id";
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."cleared_at" IS NULL THEN
    UPDATE "devices" SET
        "open_critical_alerts" = "open_critical_alerts" + (NEW."severity" = 'critical')::int,
        "open_important_alerts" = "open_important_alerts" + (NEW."severity" = 'important')::int
      WHERE "id" = NEW."device_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "device_alerts_open_counts" AFTER INSERT OR DELETE OR UPDATE OF "cleared_at", "severity", "device_id"
  ON "device_alerts" FOR EACH ROW EXECUTE FUNCTION "device_alerts_open_counts"();
