DROP TABLE "account_apps" CASCADE;--> statement-breakpoint
ALTER TABLE "app_assignments" DROP COLUMN "installed_on";--> statement-breakpoint
ALTER TABLE "app_assignments" DROP COLUMN "installed_version";--> statement-breakpoint
CREATE TABLE "app_request_asks" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"device_id" integer,
	"requester_kind" text,
	"requester_id" integer,
	"requester_name" text DEFAULT '' NOT NULL,
	"notes" text,
	"client_request_id" text NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_request_counts" (
	"account_id" integer NOT NULL,
	"state" text NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "app_request_counts_account_id_state_status_pk" PRIMARY KEY("account_id","state","status")
);
--> statement-breakpoint
CREATE TABLE "device_apps" (
	"account_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"package_name" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"installed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_apps_account_id_device_id_package_name_pk" PRIMARY KEY("account_id","device_id","package_name")
);
--> statement-breakpoint
DROP INDEX "app_requests_account_queue_idx";--> statement-breakpoint
DROP INDEX "app_assignments_account_user_idx";--> statement-breakpoint
DROP INDEX "app_assignments_account_device_idx";--> statement-breakpoint
ALTER TABLE "app_assignments" ALTER COLUMN "assigned_by_name" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "app_assignments" ALTER COLUMN "assigned_by_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "app_assignments" ADD COLUMN "auto" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "app_requests" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "app_requests" ADD COLUMN "package_name" text;--> statement-breakpoint
ALTER TABLE "app_requests" ADD COLUMN "requester_kind" text;--> statement-breakpoint
ALTER TABLE "app_requests" ADD COLUMN "requester_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "app_requests" ADD COLUMN "device_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "app_requests" ADD COLUMN "for_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "app_requests" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "app_requests" ADD COLUMN "reviewed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "app_requests" ADD COLUMN "auto_assign" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "app_requests" ADD COLUMN "mandatory" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "app_requests" ADD COLUMN "last_asked_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- The placeholder rows of issue 12's first tables: each thread takes its app's name and package, one thread per (account, app).
UPDATE "app_requests" r SET "title" = a."name", "package_name" = a."package_name" FROM "apps" a WHERE a."id" = r."app_id";--> statement-breakpoint
DELETE FROM "app_requests" r USING "app_requests" o
  WHERE o."account_id" = r."account_id" AND o."app_id" = r."app_id" AND o."id" < r."id";--> statement-breakpoint
DELETE FROM "app_assignments";--> statement-breakpoint
ALTER TABLE "app_requests" ALTER COLUMN "title" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "app_requests" ALTER COLUMN "package_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "app_request_asks" ADD CONSTRAINT "app_request_asks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_request_asks" ADD CONSTRAINT "app_request_asks_request_id_app_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."app_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_apps" ADD CONSTRAINT "device_apps_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_apps" ADD CONSTRAINT "device_apps_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_request_asks_client_uq" ON "app_request_asks" USING btree ("account_id","device_id","client_request_id");--> statement-breakpoint
CREATE INDEX "app_request_asks_request_idx" ON "app_request_asks" USING btree ("account_id","request_id","asked_at");--> statement-breakpoint
ALTER TABLE "app_assignments" ADD CONSTRAINT "app_assignments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_assignments_user_uq" ON "app_assignments" USING btree ("account_id","app_id","user_id") WHERE "app_assignments"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "app_assignments_device_uq" ON "app_assignments" USING btree ("account_id","app_id","device_id") WHERE "app_assignments"."device_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "app_requests_account_app_uq" ON "app_requests" USING btree ("account_id","app_id");--> statement-breakpoint
CREATE UNIQUE INDEX "app_requests_account_package_uq" ON "app_requests" USING btree ("account_id","package_name");--> statement-breakpoint
CREATE INDEX "app_requests_account_requested_idx" ON "app_requests" USING btree ("account_id","state","status","requested_at","id");--> statement-breakpoint
CREATE INDEX "app_requests_account_processed_idx" ON "app_requests" USING btree ("account_id","state","status","processed_at","id");--> statement-breakpoint
CREATE INDEX "app_requests_account_name_idx" ON "app_requests" USING btree ("account_id","state","status","title","id");--> statement-breakpoint
CREATE INDEX "app_requests_account_requester_idx" ON "app_requests" USING btree ("account_id","state","status","requester_name","id");--> statement-breakpoint
CREATE INDEX "app_requests_account_processor_idx" ON "app_requests" USING btree ("account_id","state","status","processor_name","id");--> statement-breakpoint
CREATE INDEX "app_requests_account_for_idx" ON "app_requests" USING btree ("account_id","state","status","for_name","id");--> statement-breakpoint
CREATE INDEX "app_requests_search_trgm_idx" ON "app_requests" USING gin (lower("title" || E'\n' || "package_name" || E'\n' || "requester_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "app_assignments_account_user_idx" ON "app_assignments" USING btree ("account_id","user_id","app_id");--> statement-breakpoint
CREATE INDEX "app_assignments_account_device_idx" ON "app_assignments" USING btree ("account_id","device_id","app_id");--> statement-breakpoint
-- The app threads' counts by state and status, kept by triggers as access_request_counts is (migration 0015).
INSERT INTO "app_request_counts" ("account_id", "state", "status", "n")
  SELECT "account_id", "state", "status", count(*)::int FROM "app_requests" GROUP BY 1, 2, 3;--> statement-breakpoint
CREATE FUNCTION "app_request_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "app_request_counts" ("account_id", "state", "status", "n")
    SELECT "account_id", "state", "status", count(*)::int FROM "changed_rows" GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
  ON CONFLICT ("account_id", "state", "status")
    DO UPDATE SET "n" = "app_request_counts"."n" + CASE WHEN TG_OP = 'DELETE' THEN -EXCLUDED."n" ELSE EXCLUDED."n" END;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "app_requests_counts_insert" AFTER INSERT ON "app_requests"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "app_request_counts_add"();--> statement-breakpoint
CREATE TRIGGER "app_requests_counts_delete" AFTER DELETE ON "app_requests"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "app_request_counts_add"();--> statement-breakpoint
CREATE FUNCTION "app_request_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."account_id" = NEW."account_id" AND OLD."state" = NEW."state" AND OLD."status" = NEW."status" THEN
    RETURN NULL;
  END IF;
  INSERT INTO "app_request_counts" ("account_id", "state", "status", "n")
    SELECT c."account_id", c."state", c."status", sum(c."n")::int FROM (VALUES
      (OLD."account_id", OLD."state", OLD."status", -1),
      (NEW."account_id", NEW."state", NEW."status", 1)) AS c("account_id", "state", "status", "n")
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT ("account_id", "state", "status") DO UPDATE SET "n" = "app_request_counts"."n" + EXCLUDED."n";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "app_requests_counts_update" AFTER UPDATE OF "account_id", "state", "status" ON "app_requests"
  FOR EACH ROW EXECUTE FUNCTION "app_request_counts_move"();
