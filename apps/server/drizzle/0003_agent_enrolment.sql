ALTER TABLE "devices" ADD COLUMN "instance_id" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "hardware_uuid" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "agent_version" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "checkin_interval_s" integer DEFAULT 300 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "last_checkin_seq" bigint DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "enrolled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "enrolment_token_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_account_instance_uq" ON "devices" USING btree ("account_id","instance_id") WHERE "devices"."instance_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_agent_token_hash_uq" ON "devices" USING btree ("agent_token_hash");