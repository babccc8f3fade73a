-- The Apps pages' answers kept by version (modules/apps/user-page-answers.ts): the mobiles' installs and
-- their app commands, beside the app threads and assignments of migration 0018.
CREATE TRIGGER "device_apps_version_insert" AFTER INSERT ON "device_apps"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_versions_bump"('device_apps');--> statement-breakpoint
CREATE TRIGGER "device_apps_version_update" AFTER UPDATE ON "device_apps"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_versions_bump"('device_apps');--> statement-breakpoint
CREATE TRIGGER "device_apps_version_delete" AFTER DELETE ON "device_apps"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_versions_bump"('device_apps');--> statement-breakpoint
CREATE TRIGGER "device_commands_version_insert" AFTER INSERT ON "device_commands"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_versions_bump"('device_commands');--> statement-breakpoint
CREATE TRIGGER "device_commands_version_update" AFTER UPDATE ON "device_commands"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_versions_bump"('device_commands');--> statement-breakpoint
CREATE TRIGGER "device_commands_version_delete" AFTER DELETE ON "device_commands"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_versions_bump"('device_commands');
