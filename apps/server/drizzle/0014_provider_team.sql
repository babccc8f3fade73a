CREATE TABLE "provider_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"csrf_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "provider_staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"full_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_requests" ADD COLUMN "review_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "access_requests" ADD COLUMN "review_requested_by" text;--> statement-breakpoint
ALTER TABLE "provider_sessions" ADD CONSTRAINT "provider_sessions_staff_id_provider_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."provider_staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_sessions_staff_idx" ON "provider_sessions" USING btree ("staff_id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_staff_username_uq" ON "provider_staff" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "access_requests_provider_queue_idx" ON "access_requests" USING btree ("review_requested_at","id") WHERE "access_requests"."state" = 'pending' AND "access_requests"."status" = 'tech';--> statement-breakpoint
-- Threads sent for review before this migration: their escalation time is their last change we know of.
UPDATE "access_requests" SET "review_requested_at" = coalesce("processed_at", "last_asked_at") WHERE "review_requested" AND "review_requested_at" IS NULL;
