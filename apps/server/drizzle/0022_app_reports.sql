CREATE TABLE "app_reports" (
	"account_id" integer NOT NULL,
	"package_name" text NOT NULL,
	"name" text NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"device_id" integer,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_reports_account_id_package_name_pk" PRIMARY KEY("account_id","package_name")
);
--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "confirmed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "app_reports" ADD CONSTRAINT "app_reports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_idempotency_device_created_idx" ON "agent_idempotency" USING btree ("account_id","device_id","created_at","key");