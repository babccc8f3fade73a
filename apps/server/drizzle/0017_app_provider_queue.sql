ALTER TABLE "app_requests" ADD COLUMN "review_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app_requests" ADD COLUMN "review_requested_by" text;--> statement-breakpoint
CREATE INDEX "app_requests_provider_queue_idx" ON "app_requests" USING btree ("review_requested_at","id") WHERE "app_requests"."state" = 'pending' AND "app_requests"."status" = 'tech';--> statement-breakpoint
-- App threads sent for review before this migration: their escalation time is their last change we know of.
UPDATE "app_requests" SET "review_requested_at" = coalesce("processed_at", "last_asked_at") WHERE "review_requested" AND "review_requested_at" IS NULL;
