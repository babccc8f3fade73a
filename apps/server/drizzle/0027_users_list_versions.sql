-- The users list's answers kept by version (modules/users/list.ts, lib/lists/list-answers.ts): a version
-- 'users' per account, bumped in the same transaction as every change to what the list shows of a console
-- user or a server/local user. Inserts and deletes bump once per statement (list_versions_bump, migration
-- 0018). An update bumps only when a column the list shows or filters on changes: a failed sign-in's count,
-- a password or a two-factor secret does not move the list. Last activity does not bump either: every
-- authenticated request may touch it (at most once a minute a session), and a refused request changes
-- nothing but it; the list's stamp reads it instead (modules/users/repository.ts readListStamp).
-- Transition tables cannot go with a column list, so updates bump per row, under a WHEN that PostgreSQL
-- checks without calling the function.
CREATE FUNCTION "list_versions_bump_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "list_versions" ("account_id", "list", "version")
    SELECT a, TG_ARGV[0], nextval('list_versions_seq')
    FROM (SELECT DISTINCT a FROM unnest(ARRAY[OLD."account_id", NEW."account_id"]) AS a ORDER BY 1) x
  ON CONFLICT ("account_id", "list") DO UPDATE SET "version" = EXCLUDED."version";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_list_version_insert" AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_versions_bump"('users');--> statement-breakpoint
CREATE TRIGGER "users_list_version_delete" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_versions_bump"('users');--> statement-breakpoint
CREATE TRIGGER "users_list_version_update" AFTER UPDATE ON "users" FOR EACH ROW
  WHEN ((OLD."account_id", OLD."username", OLD."email", OLD."first_name", OLD."last_name", OLD."type", OLD."status",
      OLD."created_at", OLD."created_by_name", OLD."failed_email_date")
    IS DISTINCT FROM (NEW."account_id", NEW."username", NEW."email", NEW."first_name", NEW."last_name", NEW."type",
      NEW."status", NEW."created_at", NEW."created_by_name", NEW."failed_email_date"))
  EXECUTE FUNCTION "list_versions_bump_row"('users');--> statement-breakpoint
CREATE TRIGGER "server_users_list_version_insert" AFTER INSERT ON "server_users"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_versions_bump"('users');--> statement-breakpoint
CREATE TRIGGER "server_users_list_version_delete" AFTER DELETE ON "server_users"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_versions_bump"('users');--> statement-breakpoint
CREATE TRIGGER "server_users_list_version_update" AFTER UPDATE ON "server_users" FOR EACH ROW
  WHEN ((OLD."account_id", OLD."username", OLD."first_name", OLD."last_name", OLD."type", OLD."status",
      OLD."created_at")
    IS DISTINCT FROM (NEW."account_id", NEW."username", NEW."first_name", NEW."last_name", NEW."type", NEW."status",
      NEW."created_at"))
  EXECUTE FUNCTION "list_versions_bump_row"('users');
