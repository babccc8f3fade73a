ALTER TABLE "device_configs" ADD COLUMN "policy_number" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "device_configs" ADD COLUMN "numbered_version" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Hand-written (issue 26): a device's stored version is its version 1.
UPDATE "device_configs" SET "policy_number" = 1, "numbered_version" = "policy_version" WHERE "policy_version" <> '';
--> statement-breakpoint
-- Hand-written (issue 26): timeline lines that named a policy by its hash no longer do.
UPDATE "device_timeline" SET "text" = 'Policy applied' WHERE "kind" = 'policy_applied' AND "text" ~ '^Policy [0-9a-f]{1,8} applied$';
