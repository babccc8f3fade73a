-- The devices list's kept totals and page starts by version (domain/devices/devices-list-cache.ts): a version
-- 'devices' per account, bumped in the same transaction as every change to which devices a view holds or
-- where they sort (modules/devices/sql/list.ts). Inserts and deletes bump once per statement
-- (list_versions_bump, migration 0018). An update bumps only when a column the list filters, searches or
-- sorts on changes, and never on a check-in: a check-in's statement (agent/checkin/service.ts) sets none of
-- these columns, so the trigger is not even considered for it (UPDATE OF), and its write stays HOT. What a
-- check-in moves (last online, the agent's version, alerts) is kept by time instead.
CREATE TRIGGER "devices_list_version_insert" AFTER INSERT ON "devices"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_versions_bump"('devices');--> statement-breakpoint
CREATE TRIGGER "devices_list_version_delete" AFTER DELETE ON "devices"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_versions_bump"('devices');--> statement-breakpoint
CREATE TRIGGER "devices_list_version_update" AFTER UPDATE OF "account_id", "kind", "serial", "name", "os", "model_name",
    "billed", "registered", "deactivated_date", "user_kind", "user_ref_id" ON "devices" FOR EACH ROW
  WHEN ((OLD."account_id", OLD."kind", OLD."serial", OLD."name", OLD."os", OLD."model_name", OLD."billed",
      OLD."registered", OLD."deactivated_date", OLD."user_kind", OLD."user_ref_id")
    IS DISTINCT FROM (NEW."account_id", NEW."kind", NEW."serial", NEW."name", NEW."os", NEW."model_name", NEW."billed",
      NEW."registered", NEW."deactivated_date", NEW."user_kind", NEW."user_ref_id"))
  EXECUTE FUNCTION "list_versions_bump_row"('devices');
