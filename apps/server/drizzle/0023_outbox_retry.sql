ALTER TABLE "outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at","id") WHERE "outbox"."sent_at" IS NULL AND "outbox"."failed_at" IS NULL;--> statement-breakpoint
-- Hand-written (issue 25): mail sent before this migration no longer keeps its body (activation links,
-- one-time passwords); lib/mailer.ts SENT_BODY is the same marker.
UPDATE "outbox" SET "text" = '[sent: body removed]', "html" = NULL WHERE "sent_at" IS NOT NULL;
