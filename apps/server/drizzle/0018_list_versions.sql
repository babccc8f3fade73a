CREATE TABLE "list_versions" (
	"account_id" integer NOT NULL,
	"list" text NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "list_versions_account_id_list_pk" PRIMARY KEY("account_id","list")
);
--> statement-breakpoint
-- Versions come from one sequence, so that a number is never given twice: a version bumped by a
-- transaction that rolls back is never seen again (nothing kept at it can match a later change).
CREATE SEQUENCE "list_versions_seq";--> statement-breakpoint
-- Bumps the version of the list named by the trigger's argument for each account among the statement's
-- rows (lib/lists/list-answers.ts, lib/web-access/scope-rules.ts): one bump per statement and account,
-- in account order (two writers lock the versions in the same order).
CREATE FUNCTION "list_versions_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "list_versions" ("account_id", "list", "version")
    SELECT a."account_id", TG_ARGV[0], nextval('list_versions_seq')
    FROM (SELECT DISTINCT "account_id" FROM "changed_rows" ORDER BY 1) a
  ON CONFLICT ("account_id", "list") DO UPDATE SET "version" = EXCLUDED."version";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "access_requests_version_insert" AFTER INSERT ON "access_requests"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_versions_bump"('access_requests');--> statement-breakpoint
CREATE TRIGGER "access_requests_version_update" AFTER UPDATE ON "access_requests"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_versions_bump"('access_requests');--> statement-breakpoint
CREATE TRIGGER "access_requests_version_delete" AFTER DELETE ON "access_requests"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_versions_bump"('access_requests');--> statement-breakpoint
CREATE TRIGGER "app_requests_version_insert" AFTER INSERT ON "app_requests"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_versions_bump"('app_requests');--> statement-breakpoint
CREATE TRIGGER "app_requests_version_update" AFTER UPDATE ON "app_requests"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_versions_bump"('app_requests');--> statement-breakpoint
CREATE TRIGGER "app_requests_version_delete" AFTER DELETE ON "app_requests"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_versions_bump"('app_requests');--> statement-breakpoint
-- The app request lists show each approved app's assignment count.
CREATE TRIGGER "app_assignments_version_insert" AFTER INSERT ON "app_assignments"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_versions_bump"('app_assignments');--> statement-breakpoint
CREATE TRIGGER "app_assignments_version_update" AFTER UPDATE ON "app_assignments"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_versions_bump"('app_assignments');--> statement-breakpoint
CREATE TRIGGER "app_assignments_version_delete" AFTER DELETE ON "app_assignments"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_versions_bump"('app_assignments');--> statement-breakpoint
-- The lists show a thread's device (serial, kind) and its app's catalogue entry (name, icon, vendor,
-- warning): a change to either, rare, moves every list that may show it.
CREATE FUNCTION "list_versions_bump_device"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "list_versions" SET "version" = nextval('list_versions_seq')
    WHERE "account_id" = OLD."account_id" AND "list" IN ('access_requests', 'app_requests');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "devices_list_versions_update" AFTER UPDATE OF "serial", "kind", "account_id" ON "devices"
  FOR EACH ROW WHEN (OLD."serial" IS DISTINCT FROM NEW."serial" OR OLD."kind" IS DISTINCT FROM NEW."kind"
    OR OLD."account_id" IS DISTINCT FROM NEW."account_id")
  EXECUTE FUNCTION "list_versions_bump_device"();--> statement-breakpoint
CREATE TRIGGER "devices_list_versions_delete" AFTER DELETE ON "devices"
  FOR EACH ROW EXECUTE FUNCTION "list_versions_bump_device"();--> statement-breakpoint
CREATE FUNCTION "list_versions_bump_catalogue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "list_versions" SET "version" = nextval('list_versions_seq') WHERE "list" = 'app_requests';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "apps_list_versions_update" AFTER UPDATE OR DELETE ON "apps"
  FOR EACH STATEMENT EXECUTE FUNCTION "list_versions_bump_catalogue"();
--> statement-breakpoint
-- The rules of a scope as the process keeps them (lib/web-access/scope-rules.ts): the rules, and the
-- websites, media items and website groups they name.
CREATE TRIGGER "web_access_rules_version_insert" AFTER INSERT ON "web_access_rules"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_versions_bump"('web_access_rules');--> statement-breakpoint
CREATE TRIGGER "web_access_rules_version_update" AFTER UPDATE ON "web_access_rules"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_versions_bump"('web_access_rules');--> statement-breakpoint
CREATE TRIGGER "web_access_rules_version_delete" AFTER DELETE ON "web_access_rules"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_versions_bump"('web_access_rules');--> statement-breakpoint
CREATE TRIGGER "websites_rules_version_insert" AFTER INSERT ON "websites"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_versions_bump"('web_access_rules');--> statement-breakpoint
CREATE TRIGGER "websites_rules_version_update" AFTER UPDATE ON "websites"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_versions_bump"('web_access_rules');--> statement-breakpoint
CREATE TRIGGER "websites_rules_version_delete" AFTER DELETE ON "websites"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_versions_bump"('web_access_rules');--> statement-breakpoint
CREATE TRIGGER "website_groups_rules_version_update" AFTER UPDATE ON "website_groups"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_versions_bump"('web_access_rules');--> statement-breakpoint
CREATE TRIGGER "website_groups_rules_version_delete" AFTER DELETE ON "website_groups"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_versions_bump"('web_access_rules');--> statement-breakpoint
CREATE TRIGGER "website_group_members_rules_version_insert" AFTER INSERT ON "website_group_members"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_versions_bump"('web_access_rules');--> statement-breakpoint
CREATE TRIGGER "website_group_members_rules_version_update" AFTER UPDATE ON "website_group_members"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_versions_bump"('web_access_rules');--> statement-breakpoint
CREATE TRIGGER "website_group_members_rules_version_delete" AFTER DELETE ON "website_group_members"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "list_versions_bump"('web_access_rules');
