-- Each verification as the Verification of openapi.yaml in JSON text (detail_json), written by the
-- trigger below (with summary_json, drizzle/0005) whenever the row is inserted or updated, in the
-- same statement: GET
-- /verifications/{id} sends it as it is, with the status as stored (a pending session past its
-- expiry is read as failed). Writing it for every read (three timestamps, the checks, the results and
-- the metadata parsed from jsonb and written again) was most of the cost of such a read.
-- checks_results_json is checks_results as the API's serialiser writes it (openapi.yaml's schema, in
-- its order of fields), given by the service when it writes checks_results. The trigger keeps it only
-- while it holds the same JSON as checks_results; otherwise (a write that left it out, results with
-- fields the schema does not have) it and detail_json are null, and the service writes the body from
-- the row itself, as it did before.
ALTER TABLE "verifications" ADD COLUMN "checks_results_json" text;
--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "detail_json" text;
--> statement-breakpoint
-- One function now writes both of the row's JSON texts, which share most of their fields: it
-- replaces 0005's, which wrote the summary alone.
DROP TRIGGER "verifications_summary_json" ON "verifications";
--> statement-breakpoint
DROP FUNCTION "verifications_summary_json"();
--> statement-breakpoint
CREATE FUNCTION "verifications_json"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  metadata_json text := '{}';
  head text;
  checks_text text;
  created_text text;
  completed_text text;
BEGIN
  -- Metadata (string values) as the API writes it: the order of the keys is the order in which
  -- JavaScript lists those of the object parsed from the jsonb, which the service used to serialise:
  -- keys that are array indices (0 to 2^32 - 2) first, in ascending order, then the others in the
  -- jsonb's own order. Null for anything but an object of strings, and for a key with a line break:
  -- the serialiser matches keys against the schema's pattern ^(.*)$, whose dot matches no line
  -- terminator, and leaves such keys out; the service then writes the body from the row.
  -- (In this function rather than one of its own: a plan PL/pgSQL keeps costs a fraction of a call.)
  IF NEW.metadata <> '{}'::jsonb THEN
    SELECT CASE WHEN jsonb_typeof(NEW.metadata) <> 'object' OR bool_or(jsonb_typeof(e.value) <> 'string' OR e.key ~ '[\n\r\u2028\u2029]') THEN NULL
      ELSE '{' || coalesce(string_agg(to_json(e.key)::text || ':' || to_json(e.value #>> '{}')::text, ',' ORDER BY e.ix NULLS LAST, e.o), '') || '}' END
    INTO metadata_json
    FROM (
      SELECT key, value, o, CASE WHEN key ~ '^(0|[1-9][0-9]{0,9})$' THEN nullif(least(key::bigint, 4294967295), 4294967295) END AS ix
      FROM jsonb_each(CASE WHEN jsonb_typeof(NEW.metadata) = 'object' THEN NEW.metadata ELSE '{}'::jsonb END) WITH ORDINALITY AS e(key, value, o)
    ) AS e;
  END IF;
  IF NEW.checks_results = '{}'::jsonb THEN
    NEW.checks_results_json := '{}';
  ELSIF NEW.checks_results_json IS NOT NULL AND NEW.checks_results_json::jsonb IS DISTINCT FROM NEW.checks_results THEN
    NEW.checks_results_json := NULL;
  END IF;
  -- The fields in the schemas' order. Text that could hold anything (id, client_reference) goes
  -- through to_json; a status is an enum value and the checks are CheckName values (validated when the
  -- session was created), which need no escaping; times are written as Date.prototype.toISOString
  -- writes them (UTC, three digits of fraction).
  head := '{"id":' || to_json(NEW.id)::text
    || ',"status":"' || NEW.status::text
    || '","client_reference":' || coalesce(to_json(NEW.client_reference)::text, 'null');
  checks_text := CASE WHEN cardinality(NEW.checks) = 0 THEN '[]' ELSE '["' || array_to_string(NEW.checks, '","') || '"]' END;
  created_text := '"' || to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"';
  completed_text := coalesce('"' || to_char(NEW.completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"', 'null');
  NEW.summary_json := head || ',"checks":' || checks_text || ',"created_at":' || created_text || ',"completed_at":' || completed_text || '}';
  -- Null as soon as the results' or the metadata's JSON is null.
  NEW.detail_json := head || ',"redirect_url":"","checks":' || checks_text
    || ',"checks_results":' || NEW.checks_results_json
    || ',"metadata":' || metadata_json
    || ',"created_at":' || created_text || ',"completed_at":' || completed_text
    || ',"expires_at":"' || to_char(NEW.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"}';
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "verifications_json" BEFORE INSERT OR UPDATE ON "verifications"
  FOR EACH ROW EXECUTE FUNCTION "verifications_json"();
--> statement-breakpoint
-- The rows already there: the trigger writes theirs (those with results read from the row until
-- their results are written again).
UPDATE "verifications" SET "detail_json" = NULL;
