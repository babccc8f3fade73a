CREATE TABLE "access_request_asks" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"device_id" integer,
	"requester_kind" text,
	"requester_id" integer,
	"requester_name" text DEFAULT '' NOT NULL,
	"notes" text,
	"client_request_id" text,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "access_requests_account_queue_idx";--> statement-breakpoint
DROP INDEX "access_requests_account_processed_idx";--> statement-breakpoint
ALTER TABLE "access_requests" ADD COLUMN "subject_key" text;--> statement-breakpoint
ALTER TABLE "access_requests" ADD COLUMN "website_id" integer;--> statement-breakpoint
ALTER TABLE "access_requests" ADD COLUMN "category_id" smallint;--> statement-breakpoint
ALTER TABLE "access_requests" ADD COLUMN "requester_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "access_requests" ADD COLUMN "device_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "access_requests" ADD COLUMN "for_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "access_requests" ADD COLUMN "reviewed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "access_requests" ADD COLUMN "prevent_requests" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "access_requests" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "access_requests" ADD COLUMN "last_asked_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Backfill (hand-written): every existing request becomes a thread with one ask. The subject is the
-- URL's host without a leading www. (websites) or its host and path (media); of pending threads with one
-- subject the oldest keeps it and the others stay apart (their key gets '#id'); the origin is the device.
UPDATE "access_requests" SET
  "subject_key" = CASE "kind"
    WHEN 'website' THEN regexp_replace(lower(coalesce(substring("website" from '^(?:[A-Za-z][A-Za-z0-9+.-]*://)?(?:[^/?#@]*@)?([^/?#:]+)'), '')), '^www\.', '')
    ELSE lower(coalesce(substring("website" from '^(?:[A-Za-z][A-Za-z0-9+.-]*://)?(?:[^/?#@]*@)?([^/?#:]+)'), '')
      || coalesce(substring("website" from '^(?:[A-Za-z][A-Za-z0-9+.-]*://)?[^/?#]*(/[^#]*)'), '/'))
  END,
  "last_asked_at" = "requested_at",
  "device_count" = CASE WHEN "device_id" IS NULL THEN 0 ELSE 1 END,
  "requester_count" = CASE WHEN "requester_id" IS NULL AND "requester_name" = '' THEN 0 ELSE 1 END;--> statement-breakpoint
UPDATE "access_requests" r SET "subject_key" = r."subject_key" || '#' || r."id"
FROM (SELECT "id", row_number() OVER (PARTITION BY "account_id", "kind", "subject_key" ORDER BY "requested_at", "id") AS n
  FROM "access_requests" WHERE "state" = 'pending') d
WHERE d."id" = r."id" AND d.n > 1;--> statement-breakpoint
UPDATE "access_requests" r SET "association_type" = d."kind", "association_id" = d."id", "for_name" = d."name"
FROM "devices" d
WHERE d."id" = r."device_id" AND d."account_id" = r."account_id" AND r."association_type" = 'devices';--> statement-breakpoint
UPDATE "access_requests" SET "for_name" = 'Account list' WHERE "for_name" = '' AND "association_type" IN ('company', 'devices');--> statement-breakpoint
ALTER TABLE "access_requests" ALTER COLUMN "subject_key" SET NOT NULL;--> statement-breakpoint
INSERT INTO "access_request_asks" ("account_id", "request_id", "device_id", "requester_kind", "requester_id", "requester_name", "notes", "asked_at")
SELECT "account_id", "id", "device_id", "requester_kind", "requester_id", "requester_name", "notes", "requested_at" FROM "access_requests";--> statement-breakpoint
ALTER TABLE "access_request_asks" ADD CONSTRAINT "access_request_asks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_request_asks" ADD CONSTRAINT "access_request_asks_request_id_access_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."access_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "access_request_asks_client_uq" ON "access_request_asks" USING btree ("account_id","device_id","client_request_id");--> statement-breakpoint
CREATE INDEX "access_request_asks_request_idx" ON "access_request_asks" USING btree ("account_id","request_id","asked_at");--> statement-breakpoint
CREATE INDEX "access_request_asks_device_idx" ON "access_request_asks" USING btree ("account_id","device_id");--> statement-breakpoint
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "access_requests_pending_subject_uq" ON "access_requests" USING btree ("account_id","kind","subject_key") WHERE "access_requests"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "access_requests_account_subject_idx" ON "access_requests" USING btree ("account_id","kind","subject_key","state");--> statement-breakpoint
CREATE INDEX "access_requests_account_requested_idx" ON "access_requests" USING btree ("account_id","kind","state","status","requested_at","id");--> statement-breakpoint
CREATE INDEX "access_requests_account_url_idx" ON "access_requests" USING btree ("account_id","kind","state","status","website","id");--> statement-breakpoint
CREATE INDEX "access_requests_account_requester_idx" ON "access_requests" USING btree ("account_id","kind","state","status","requester_name","id");--> statement-breakpoint
CREATE INDEX "access_requests_account_processor_idx" ON "access_requests" USING btree ("account_id","kind","state","status","processor_name","id");--> statement-breakpoint
CREATE INDEX "access_requests_account_for_idx" ON "access_requests" USING btree ("account_id","kind","state","status","for_name","id");--> statement-breakpoint
CREATE INDEX "access_requests_account_expires_idx" ON "access_requests" USING btree ("account_id","kind","expires_at") WHERE "access_requests"."state" = 'approved' AND "access_requests"."expires_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "access_requests_search_trgm_idx" ON "access_requests" USING gin (lower("website" || E'\n' || "title" || E'\n' || "requester_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "access_requests_account_processed_idx" ON "access_requests" USING btree ("account_id","kind","state","status","processed_at","id");