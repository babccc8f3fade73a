DROP TABLE "access_rules" CASCADE;--> statement-breakpoint
DROP TABLE "web_categories" CASCADE;--> statement-breakpoint
DROP TABLE "website_groups" CASCADE;--> statement-breakpoint
DROP TABLE "websites" CASCADE;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "web_default_mode" text DEFAULT 'allow_unless_blocked' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "time_zone" text DEFAULT 'Europe/London' NOT NULL;