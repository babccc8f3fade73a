DROP INDEX "devices_account_last_online_idx";--> statement-breakpoint
-- Room on each page for a check-in's new row version beside the old one (a HOT update): only new pages follow it.
ALTER TABLE "devices" SET (fillfactor = 85);
