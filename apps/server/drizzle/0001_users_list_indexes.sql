-- Substring search of the users list (ILIKE '%q%') uses trigram indexes. pg_trgm is a trusted extension
-- (PostgreSQL 13+): the database owner may create it; managed services ship it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "users_account_status_idx";--> statement-breakpoint
DROP INDEX "users_account_last_active_idx";--> statement-breakpoint
CREATE INDEX "users_account_first_name_idx" ON "users" USING btree ("account_id","first_name","username");--> statement-breakpoint
CREATE INDEX "users_account_last_name_idx" ON "users" USING btree ("account_id","last_name","username");--> statement-breakpoint
CREATE INDEX "users_account_email_idx" ON "users" USING btree ("account_id","email");--> statement-breakpoint
CREATE INDEX "users_account_failed_email_idx" ON "users" USING btree ("account_id","username") WHERE "users"."failed_email_date" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (("username" || E'\n' || "first_name" || E'\n' || "last_name" || E'\n' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "server_users_account_status_idx" ON "server_users" USING btree ("account_id","status","username");--> statement-breakpoint
CREATE INDEX "server_users_account_last_active_idx" ON "server_users" USING btree ("account_id","last_active" NULLS FIRST,"username");--> statement-breakpoint
CREATE INDEX "server_users_account_created_idx" ON "server_users" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "server_users_account_first_name_idx" ON "server_users" USING btree ("account_id","first_name","username");--> statement-breakpoint
CREATE INDEX "server_users_account_last_name_idx" ON "server_users" USING btree ("account_id","last_name","username");--> statement-breakpoint
CREATE INDEX "server_users_search_trgm_idx" ON "server_users" USING gin (("username" || E'\n' || "first_name" || E'\n' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_account_status_idx" ON "users" USING btree ("account_id","status","username");--> statement-breakpoint
CREATE INDEX "users_account_last_active_idx" ON "users" USING btree ("account_id","last_active" NULLS FIRST,"username");