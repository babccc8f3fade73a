CREATE TABLE "web_access_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"scope_kind" text NOT NULL,
	"user_kind" text DEFAULT '' NOT NULL,
	"scope_id" integer DEFAULT 0 NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"action" text NOT NULL,
	"schedule" jsonb,
	"expires_at" timestamp with time zone,
	"source_kind" text DEFAULT 'admin' NOT NULL,
	"request_id" integer,
	"created_by_id" integer,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "website_group_members" (
	"account_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"website_id" integer NOT NULL,
	CONSTRAINT "website_group_members_account_id_group_id_website_id_pk" PRIMARY KEY("account_id","group_id","website_id")
);
--> statement-breakpoint
CREATE TABLE "website_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "websites" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"pattern" text NOT NULL,
	"match_mode" text DEFAULT 'exact' NOT NULL,
	"host" text NOT NULL,
	"path" text DEFAULT '/' NOT NULL,
	"host_rev" text GENERATED ALWAYS AS (reverse(host)) STORED NOT NULL,
	"address" text GENERATED ALWAYS AS (host || path) STORED NOT NULL,
	"category_id" smallint,
	"description" text DEFAULT '' NOT NULL,
	"is_custom" boolean DEFAULT false NOT NULL,
	"is_zvelo_enabled" boolean DEFAULT false NOT NULL,
	"media_type" text,
	"thumbnail" text,
	"title" text,
	"referer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "web_access_rules" ADD CONSTRAINT "web_access_rules_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_group_members" ADD CONSTRAINT "website_group_members_group_id_website_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."website_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_group_members" ADD CONSTRAINT "website_group_members_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_groups" ADD CONSTRAINT "website_groups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "websites" ADD CONSTRAINT "websites_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "web_access_rules_subject_scope_uq" ON "web_access_rules" USING btree ("account_id","subject_kind","subject_id","scope_kind","user_kind","scope_id");--> statement-breakpoint
CREATE INDEX "web_access_rules_scope_idx" ON "web_access_rules" USING btree ("account_id","scope_kind","user_kind","scope_id","subject_kind");--> statement-breakpoint
CREATE INDEX "website_group_members_website_idx" ON "website_group_members" USING btree ("account_id","website_id");--> statement-breakpoint
CREATE UNIQUE INDEX "website_groups_account_name_uq" ON "website_groups" USING btree ("account_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "websites_account_kind_pattern_uq" ON "websites" USING btree ("account_id","kind","match_mode","pattern");--> statement-breakpoint
CREATE INDEX "websites_account_kind_name_idx" ON "websites" USING btree ("account_id","kind","name","id");--> statement-breakpoint
CREATE INDEX "websites_account_media_type_idx" ON "websites" USING btree ("account_id","media_type","name","id") WHERE "websites"."kind" = 'media';--> statement-breakpoint
CREATE INDEX "websites_account_category_idx" ON "websites" USING btree ("account_id","category_id");--> statement-breakpoint
CREATE INDEX "websites_account_host_rev_idx" ON "websites" USING btree ("account_id","host_rev" COLLATE "C");--> statement-breakpoint
CREATE INDEX "websites_account_address_idx" ON "websites" USING btree ("account_id","address" COLLATE "C");--> statement-breakpoint
CREATE INDEX "websites_address_trgm_idx" ON "websites" USING gin ("address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "websites_search_trgm_idx" ON "websites" USING gin (lower("name" || E'\n' || "address") gin_trgm_ops);