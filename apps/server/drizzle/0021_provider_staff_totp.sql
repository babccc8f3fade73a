ALTER TABLE "provider_staff" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "provider_staff" ADD COLUMN "totp_last_counter" integer;--> statement-breakpoint
ALTER TABLE "provider_staff" ADD COLUMN "last_sign_in_at" timestamp with time zone;