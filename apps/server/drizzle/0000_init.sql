CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"account_number" text NOT NULL,
	"s3_account_number" text DEFAULT '' NOT NULL,
	"console_registered" timestamp with time zone,
	"country_name" text DEFAULT '' NOT NULL,
	"support_provided_by" text DEFAULT '' NOT NULL,
	"address" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"telephone" jsonb,
	"logo_blob_key" text,
	"logo_filename" text,
	"sfa_enterprise_id" text,
	"sfa_can_reregister" boolean DEFAULT false NOT NULL,
	"sfa_date_registered" timestamp with time zone,
	"sfa_administrator" text,
	"social_media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"eset_enabled" boolean DEFAULT false NOT NULL,
	"eset_login_url" text,
	"eset_administrators" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"access_permissions" jsonb NOT NULL,
	"billed_not_registered_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_account_number_unique" UNIQUE("account_number")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"time_zone" text DEFAULT 'Europe/London' NOT NULL,
	"telephone" jsonb,
	"mobile" jsonb,
	"language" text DEFAULT 'English' NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"previous_status" text,
	"password_hash" text,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"password_changed_at" timestamp with time zone,
	"mfa_enabled" boolean DEFAULT false NOT NULL,
	"mfa_secret" text,
	"mfa_pending_secret" text,
	"mfa_last_counter" integer,
	"has_confirmed_details" boolean DEFAULT false NOT NULL,
	"options" jsonb DEFAULT '{"mobile_app_access":false,"beta_version_access":false}'::jsonb NOT NULL,
	"deactivated_notes" text,
	"failed_email_date" timestamp with time zone,
	"failed_email_reason" text,
	"failed_login_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_active" timestamp with time zone,
	"created_by_id" integer,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"connection_type" text NOT NULL,
	"last_sync" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "server_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"connection_id" integer,
	"username" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'activated' NOT NULL,
	"options" jsonb NOT NULL,
	"last_active" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"code" integer NOT NULL,
	"group_id" text NOT NULL,
	"severity" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "device_configs" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"bool_settings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"string_settings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_unlocked" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_users" (
	"account_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"user_kind" text NOT NULL,
	"user_ref_id" integer NOT NULL,
	"last_active" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"serial" text NOT NULL,
	"name" text NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"license_key" text DEFAULT '' NOT NULL,
	"billed_to" text DEFAULT '' NOT NULL,
	"license_type" text,
	"os" text DEFAULT '' NOT NULL,
	"os_version" text DEFAULT '' NOT NULL,
	"os_build_version" text,
	"model_name" text DEFAULT '' NOT NULL,
	"billed" boolean DEFAULT true NOT NULL,
	"registered" boolean DEFAULT true NOT NULL,
	"user_kind" text,
	"user_ref_id" integer,
	"registered_date" timestamp with time zone,
	"last_online" timestamp with time zone,
	"status_updated" timestamp with time zone,
	"details_updated" timestamp with time zone,
	"update_installed" timestamp with time zone,
	"deactivated_date" timestamp with time zone,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"agent_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"status" text DEFAULT 'admin' NOT NULL,
	"website" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"favicon" text,
	"preview_icon" text,
	"requester_kind" text,
	"requester_id" integer,
	"requester_name" text DEFAULT '' NOT NULL,
	"association_type" text DEFAULT 'devices' NOT NULL,
	"association_id" integer,
	"device_id" integer,
	"notes" text,
	"reason" text,
	"description" text,
	"media_type" text,
	"category" text,
	"bookmarked" boolean DEFAULT false NOT NULL,
	"review_requested" boolean DEFAULT false NOT NULL,
	"review_notes" text,
	"processor_id" integer,
	"processor_name" text,
	"processed_at" timestamp with time zone,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_apps" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"enable_auto_assign" boolean DEFAULT false NOT NULL,
	"mandatory" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"user_id" integer,
	"device_id" integer,
	"assigned_on" timestamp with time zone DEFAULT now() NOT NULL,
	"assigned_by_id" integer,
	"assigned_by_name" text,
	"installed_on" timestamp with time zone,
	"installed_version" text
);
--> statement-breakpoint
CREATE TABLE "app_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"status" text DEFAULT 'admin' NOT NULL,
	"requester_id" integer,
	"requester_name" text DEFAULT '' NOT NULL,
	"device_id" integer,
	"reason" text,
	"review_requested" boolean DEFAULT false NOT NULL,
	"review_notes" text,
	"processor_id" integer,
	"processor_name" text,
	"processed_at" timestamp with time zone,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "apps" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_name" text NOT NULL,
	"name" text NOT NULL,
	"url" text,
	"image_url" text,
	"vendor" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'Google Play Store' NOT NULL,
	"platform" text DEFAULT 'Android' NOT NULL,
	"classification" text DEFAULT '' NOT NULL,
	"product_pricing" text,
	"price" text,
	"version" text DEFAULT '' NOT NULL,
	"rating" text,
	"description" text DEFAULT '' NOT NULL,
	"is_admin_warning" boolean DEFAULT false NOT NULL,
	"is_external" boolean DEFAULT false NOT NULL,
	"is_prevent_autoassign" boolean DEFAULT false NOT NULL,
	CONSTRAINT "apps_package_name_unique" UNIQUE("package_name")
);
--> statement-breakpoint
CREATE TABLE "access_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"scope" text NOT NULL,
	"scope_id" integer,
	"target_kind" text NOT NULL,
	"target_id" integer NOT NULL,
	"access" text NOT NULL,
	"schedule" jsonb,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_name" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "website_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "websites" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"category_id" integer,
	"is_custom" boolean DEFAULT false NOT NULL,
	"match_mode" text DEFAULT 'includes' NOT NULL,
	"media_type" text,
	"thumbnail" text,
	"title" text,
	"referer" text,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "screen_capture_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"capture_id" integer NOT NULL,
	"party" text NOT NULL,
	"status" text NOT NULL,
	"flagged_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screen_captures" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"server_user_id" integer NOT NULL,
	"name" text NOT NULL,
	"captured_at" timestamp with time zone NOT NULL,
	"is_new" boolean DEFAULT true NOT NULL,
	"hour_group" text DEFAULT 'regular' NOT NULL,
	"blob_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agreement_acceptances" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"agreement_id" integer NOT NULL,
	"result" text NOT NULL,
	"captured_at" timestamp with time zone NOT NULL,
	"longitude" double precision,
	"latitude" double precision,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "country_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_name" text NOT NULL,
	"digits" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"notes" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"feedback_id" integer NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"blob_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer,
	"actor_user_id" integer,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"ip" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" bigint NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"csrf_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_connections" ADD CONSTRAINT "server_connections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_users" ADD CONSTRAINT "server_users_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_users" ADD CONSTRAINT "server_users_connection_id_server_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."server_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_alerts" ADD CONSTRAINT "device_alerts_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_configs" ADD CONSTRAINT "device_configs_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_users" ADD CONSTRAINT "device_users_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_apps" ADD CONSTRAINT "account_apps_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_assignments" ADD CONSTRAINT "app_assignments_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_requests" ADD CONSTRAINT "app_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_requests" ADD CONSTRAINT "app_requests_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "websites" ADD CONSTRAINT "websites_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screen_capture_flags" ADD CONSTRAINT "screen_capture_flags_capture_id_screen_captures_id_fk" FOREIGN KEY ("capture_id") REFERENCES "public"."screen_captures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screen_captures" ADD CONSTRAINT "screen_captures_server_user_id_server_users_id_fk" FOREIGN KEY ("server_user_id") REFERENCES "public"."server_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_acceptances" ADD CONSTRAINT "agreement_acceptances_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_attachments" ADD CONSTRAINT "feedback_attachments_feedback_id_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."feedback"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_uq" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_account_username_idx" ON "users" USING btree ("account_id","username");--> statement-breakpoint
CREATE INDEX "users_account_status_idx" ON "users" USING btree ("account_id","status");--> statement-breakpoint
CREATE INDEX "users_account_last_active_idx" ON "users" USING btree ("account_id","last_active");--> statement-breakpoint
CREATE INDEX "users_account_created_idx" ON "users" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "server_connections_account_idx" ON "server_connections" USING btree ("account_id","name");--> statement-breakpoint
CREATE INDEX "server_users_account_username_idx" ON "server_users" USING btree ("account_id","username");--> statement-breakpoint
CREATE INDEX "server_users_account_connection_idx" ON "server_users" USING btree ("account_id","connection_id");--> statement-breakpoint
CREATE INDEX "device_alerts_account_open_idx" ON "device_alerts" USING btree ("account_id","severity","cleared_at");--> statement-breakpoint
CREATE UNIQUE INDEX "device_users_uq" ON "device_users" USING btree ("account_id","device_id","user_kind","user_ref_id");--> statement-breakpoint
CREATE INDEX "device_users_account_user_idx" ON "device_users" USING btree ("account_id","user_kind","user_ref_id");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_account_kind_serial_uq" ON "devices" USING btree ("account_id","kind","serial");--> statement-breakpoint
CREATE INDEX "devices_account_name_idx" ON "devices" USING btree ("account_id","name");--> statement-breakpoint
CREATE INDEX "devices_account_user_idx" ON "devices" USING btree ("account_id","user_kind","user_ref_id");--> statement-breakpoint
CREATE INDEX "access_requests_account_queue_idx" ON "access_requests" USING btree ("account_id","kind","state","status","requested_at");--> statement-breakpoint
CREATE INDEX "access_requests_account_processed_idx" ON "access_requests" USING btree ("account_id","kind","state","processed_at");--> statement-breakpoint
CREATE INDEX "account_apps_account_idx" ON "account_apps" USING btree ("account_id","app_id");--> statement-breakpoint
CREATE INDEX "app_assignments_account_user_idx" ON "app_assignments" USING btree ("account_id","user_id");--> statement-breakpoint
CREATE INDEX "app_assignments_account_device_idx" ON "app_assignments" USING btree ("account_id","device_id");--> statement-breakpoint
CREATE INDEX "app_requests_account_queue_idx" ON "app_requests" USING btree ("account_id","state","status","requested_at");--> statement-breakpoint
CREATE INDEX "access_rules_account_scope_idx" ON "access_rules" USING btree ("account_id","scope","scope_id","target_kind","target_id");--> statement-breakpoint
CREATE INDEX "website_groups_account_idx" ON "website_groups" USING btree ("account_id","name");--> statement-breakpoint
CREATE INDEX "websites_account_kind_name_idx" ON "websites" USING btree ("account_id","kind","name");--> statement-breakpoint
CREATE INDEX "screen_capture_flags_account_capture_idx" ON "screen_capture_flags" USING btree ("account_id","capture_id","created_at");--> statement-breakpoint
CREATE INDEX "screen_captures_account_user_time_idx" ON "screen_captures" USING btree ("account_id","server_user_id","captured_at");--> statement-breakpoint
CREATE INDEX "agreement_acceptances_account_user_idx" ON "agreement_acceptances" USING btree ("account_id","user_id","agreement_id");--> statement-breakpoint
CREATE INDEX "feedback_account_idx" ON "feedback" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "feedback_attachments_account_idx" ON "feedback_attachments" USING btree ("account_id","feedback_id");--> statement-breakpoint
CREATE INDEX "audit_events_account_time_idx" ON "audit_events" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("sent_at","id");--> statement-breakpoint
CREATE INDEX "sessions_account_user_idx" ON "sessions" USING btree ("account_id","user_id");--> statement-breakpoint
CREATE INDEX "tokens_account_user_idx" ON "tokens" USING btree ("account_id","user_id","kind");