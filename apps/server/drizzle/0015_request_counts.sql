CREATE TABLE "access_request_counts" (
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "access_request_counts_account_id_kind_state_status_pk" PRIMARY KEY("account_id","kind","state","status")
);
--> statement-breakpoint
ALTER TABLE "access_requests" ADD COLUMN "requester_kinds" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Each thread's requester kinds from its asks (kept by lib/requests/threads.ts refreshThreadCounts after each ask).
UPDATE "access_requests" r SET "requester_kinds" = k."kinds"
  FROM (SELECT "request_id", array_agg(DISTINCT "requester_kind" ORDER BY "requester_kind") AS "kinds" FROM "access_request_asks"
        WHERE "requester_kind" IS NOT NULL GROUP BY "request_id") k
  WHERE r."id" = k."request_id";--> statement-breakpoint
-- The requests' counts by kind, state and status, kept by triggers (schema/requests.ts accessRequestCounts).
INSERT INTO "access_request_counts" ("account_id", "kind", "state", "status", "n")
  SELECT "account_id", "kind", "state", "status", count(*)::int FROM "access_requests" GROUP BY 1, 2, 3, 4;--> statement-breakpoint
CREATE FUNCTION "access_request_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "access_request_counts" ("account_id", "kind", "state", "status", "n")
    SELECT "account_id", "kind", "state", "status", count(*)::int FROM "changed_rows" GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
  ON CONFLICT ("account_id", "kind", "state", "status")
    DO UPDATE SET "n" = "access_request_counts"."n" + CASE WHEN TG_OP = 'DELETE' THEN -EXCLUDED."n" ELSE EXCLUDED."n" END;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Inserts and deletes by statement (a bulk insert adds once; a device's ask that joins a pending thread
-- inserts no row); an update only when it moves a thread between counts (a decision, a review), which
-- the ask's updates (last_asked_at, the thread's counts) never name.
CREATE TRIGGER "access_requests_counts_insert" AFTER INSERT ON "access_requests"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "access_request_counts_add"();--> statement-breakpoint
CREATE TRIGGER "access_requests_counts_delete" AFTER DELETE ON "access_requests"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "access_request_counts_add"();--> statement-breakpoint
CREATE FUNCTION "access_request_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."account_id" = NEW."account_id" AND OLD."kind" = NEW."kind" AND OLD."state" = NEW."state"
     AND OLD."status" = NEW."status" THEN
    RETURN NULL;
  END IF;
  -- Both counts in one statement, in key order (two moves at once lock them in the same order).
  INSERT INTO "access_request_counts" ("account_id", "kind", "state", "status", "n")
    SELECT c."account_id", c."kind", c."state", c."status", sum(c."n")::int FROM (VALUES
      (OLD."account_id", OLD."kind", OLD."state", OLD."status", -1),
      (NEW."account_id", NEW."kind", NEW."state", NEW."status", 1)) AS c("account_id", "kind", "state", "status", "n")
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT ("account_id", "kind", "state", "status") DO UPDATE SET "n" = "access_request_counts"."n" + EXCLUDED."n";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "access_requests_counts_update" AFTER UPDATE OF "account_id", "kind", "state", "status" ON "access_requests"
  FOR EACH ROW EXECUTE FUNCTION "access_request_counts_move"();
