CREATE TABLE "device_replacements" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"claim_hash" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"enrolment_token_id" integer,
	"token_label" text DEFAULT '' NOT NULL,
	"serial" text NOT NULL,
	"instance_id" text NOT NULL,
	"hardware_uuid" text DEFAULT '' NOT NULL,
	"model_name" text DEFAULT '' NOT NULL,
	"os" text DEFAULT '' NOT NULL,
	"os_version" text DEFAULT '' NOT NULL,
	"agent_version" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_name" text
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "enrolled_from" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "enrolment_tokens" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "device_replacements" ADD CONSTRAINT "device_replacements_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_replacements" ADD CONSTRAINT "device_replacements_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_replacements_claim_uq" ON "device_replacements" USING btree ("claim_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "device_replacements_pending_uq" ON "device_replacements" USING btree ("device_id") WHERE "device_replacements"."state" = 'pending';--> statement-breakpoint
ALTER TABLE "enrolment_tokens" ADD CONSTRAINT "enrolment_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;