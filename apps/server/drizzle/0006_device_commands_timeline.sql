CREATE TABLE "device_commands" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"type" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"delivery_count" integer DEFAULT 0 NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"error" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_timeline" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"text" text NOT NULL,
	"actor" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
DROP INDEX "devices_account_name_idx";--> statement-breakpoint
ALTER TABLE "device_configs" ADD COLUMN "policy_version" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "applied_policy_version" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "policy_applied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_timeline" ADD CONSTRAINT "device_timeline_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_commands_account_device_idx" ON "device_commands" USING btree ("account_id","device_id","id");--> statement-breakpoint
CREATE INDEX "device_commands_account_open_idx" ON "device_commands" USING btree ("account_id","device_id","state") WHERE "device_commands"."state" IN ('pending', 'delivered', 'acknowledged');--> statement-breakpoint
CREATE INDEX "device_timeline_account_device_idx" ON "device_timeline" USING btree ("account_id","device_id","id");--> statement-breakpoint
CREATE INDEX "device_alerts_account_device_open_idx" ON "device_alerts" USING btree ("account_id","device_id","severity") WHERE "device_alerts"."cleared_at" IS NULL;--> statement-breakpoint
CREATE INDEX "devices_account_name_id_idx" ON "devices" USING btree ("account_id","name","id");--> statement-breakpoint
CREATE INDEX "devices_account_kind_name_idx" ON "devices" USING btree ("account_id","kind","name","id");--> statement-breakpoint
CREATE INDEX "devices_account_serial_idx" ON "devices" USING btree ("account_id","serial","id");--> statement-breakpoint
CREATE INDEX "devices_account_os_idx" ON "devices" USING btree ("account_id","os","name","id");--> statement-breakpoint
CREATE INDEX "devices_account_version_idx" ON "devices" USING btree ("account_id","version","name","id");--> statement-breakpoint
CREATE INDEX "devices_account_last_online_idx" ON "devices" USING btree ("account_id","last_online","id");