CREATE TABLE "agent_idempotency" (
	"account_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"route" text NOT NULL,
	"key" text NOT NULL,
	"body_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_idempotency" ADD CONSTRAINT "agent_idempotency_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_idempotency_key_uq" ON "agent_idempotency" USING btree ("account_id","device_id","key");--> statement-breakpoint
CREATE INDEX "agent_idempotency_created_idx" ON "agent_idempotency" USING btree ("created_at");