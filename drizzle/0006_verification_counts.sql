-- How many verifications each client has in each stored status, kept by the triggers below in the
-- statement that changes them: GET /verifications adds these up for X-Total-Count instead of counting
-- the client's rows for every request (O(rows of the client) before).
-- A client's count is spread over 16 rows (shard: the writing backend's pid mod 16), so sessions
-- writing for the same client at once seldom wait on the same row. Each statement changes its rows in
-- one order (client_name, status, shard); a transaction that changes the verifications of several
-- clients does it in one statement (the expiry sweeper), so no two deadlock on them. A shard may go
-- below zero (a row counted in one shard, changed through another); only the sums are meaningful.
-- The table is not in src/db/schema.ts: only these triggers write it, and the list's total reads it.
CREATE TABLE "verification_counts" (
  "client_name" text NOT NULL,
  "status" "verification_status" NOT NULL,
  "shard" smallint NOT NULL,
  "n" bigint NOT NULL,
  PRIMARY KEY ("client_name", "status", "shard")
);
--> statement-breakpoint
CREATE FUNCTION "verification_counts_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO verification_counts AS c (client_name, status, shard, n)
      SELECT client_name, status, pg_backend_pid() % 16, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (client_name, status, shard) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO verification_counts AS c (client_name, status, shard, n)
      SELECT client_name, status, pg_backend_pid() % 16, -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (client_name, status, shard) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    -- Most updates change neither client nor status: then nothing is written or locked.
    INSERT INTO verification_counts AS c (client_name, status, shard, n)
      SELECT client_name, status, pg_backend_pid() % 16, sum(d) FROM (
        SELECT client_name, status, -1 AS d FROM old_rows
        UNION ALL
        SELECT client_name, status, 1 AS d FROM new_rows
      ) AS changes GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
      ON CONFLICT (client_name, status, shard) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "verification_counts_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE verification_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "verification_counts_insert" AFTER INSERT ON "verifications"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "verification_counts_change"();
--> statement-breakpoint
CREATE TRIGGER "verification_counts_update" AFTER UPDATE ON "verifications"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "verification_counts_change"();
--> statement-breakpoint
CREATE TRIGGER "verification_counts_delete" AFTER DELETE ON "verifications"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "verification_counts_change"();
--> statement-breakpoint
CREATE TRIGGER "verification_counts_truncate" AFTER TRUNCATE ON "verifications"
  FOR EACH STATEMENT EXECUTE FUNCTION "verification_counts_truncate"();
--> statement-breakpoint
-- The rows already there (the migrations run in one transaction, and the triggers above hold off
-- other writers of verifications until it commits).
INSERT INTO "verification_counts" ("client_name", "status", "shard", "n")
  SELECT "client_name", "status", 0, count(*) FROM "verifications" GROUP BY 1, 2;
