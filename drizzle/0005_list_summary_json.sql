-- Each verification's VerificationSummary (openapi.yaml) as JSON text, with the status as stored, in
-- a column the trigger below writes whenever the row is inserted or updated, in the same statement:
-- GET /verifications sends a page of these as they are. Writing them for every item of every page
-- was most of PostgreSQL's time per list request. The fields are in the schema's order; text that
-- could hold anything (id, client_reference) goes through to_json; a status is an enum value and the
-- checks are CheckName values (validated when the session was created), which need no escaping;
-- times are written as Date.prototype.toISOString writes them (UTC, three digits of fraction).
ALTER TABLE "verifications" ADD COLUMN "summary_json" text;
--> statement-breakpoint
CREATE FUNCTION "verifications_summary_json"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.summary_json := '{"id":' || to_json(NEW.id)::text
    || ',"status":"' || NEW.status::text
    || '","client_reference":' || coalesce(to_json(NEW.client_reference)::text, 'null')
    || ',"checks":' || CASE WHEN cardinality(NEW.checks) = 0 THEN '[]' ELSE '["' || array_to_string(NEW.checks, '","') || '"]' END
    || ',"created_at":"' || to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    || '","completed_at":' || coalesce('"' || to_char(NEW.completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"', 'null')
    || '}';
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "verifications_summary_json" BEFORE INSERT OR UPDATE ON "verifications"
  FOR EACH ROW EXECUTE FUNCTION "verifications_summary_json"();
--> statement-breakpoint
-- The rows already there: the trigger writes theirs.
UPDATE "verifications" SET "summary_json" = NULL;
--> statement-breakpoint
ALTER TABLE "verifications" ALTER COLUMN "summary_json" SET NOT NULL;
