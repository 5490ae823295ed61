-- The audit log becomes a hash chain: each entry carries its place (seq), the hash of the entry
-- before it (prev_hash, 64 zeros for the first) and the SHA-256 of its own content in canonical
-- JSON. The application appends and verifies (modules/audit); these two functions write the same
-- canonical text in SQL, so the entries from before this upgrade join the chain here, verified like
-- any other.
--
-- A number as JavaScript writes it (Number.prototype.toString): jsonb keeps the numeric's plain
-- digits ('0.0000001'), JavaScript writes '1e-7'. The value is 0.<digits> x 10^point.
CREATE FUNCTION "audit_js_number"("n" numeric) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  "sign" text := CASE WHEN "n" < 0 THEN '-' ELSE '' END;
  "whole" text := split_part(abs("n")::text, '.', 1);
  "fraction" text := split_part(abs("n")::text, '.', 2);
  "digits" text;
  "point" integer;
  "k" integer;
BEGIN
  IF "n" = 0 THEN
    RETURN '0';
  END IF;
  IF "whole" <> '0' THEN
    "digits" := rtrim("whole" || "fraction", '0');
    "point" := length("whole");
  ELSE
    "digits" := rtrim(ltrim("fraction", '0'), '0');
    "point" := length(ltrim("fraction", '0')) - length("fraction");
  END IF;
  "k" := length("digits");
  IF "k" <= "point" AND "point" <= 21 THEN
    RETURN "sign" || "digits" || repeat('0', "point" - "k");
  ELSIF 0 < "point" AND "point" <= 21 THEN
    RETURN "sign" || left("digits", "point") || '.' || substr("digits", "point" + 1);
  ELSIF -6 < "point" AND "point" <= 0 THEN
    RETURN "sign" || '0.' || repeat('0', -"point") || "digits";
  END IF;
  RETURN "sign" || left("digits", 1) || CASE WHEN "k" > 1 THEN '.' || substr("digits", 2) ELSE '' END
    || 'e' || CASE WHEN "point" > 1 THEN '+' ELSE '-' END || abs("point" - 1)::text;
END;
$$;
--> statement-breakpoint
-- lib/canonical-json.ts in SQL: no spaces, keys in UTF-8 byte order, strings escaped as
-- JSON.stringify escapes them (to_json does the same), numbers as above.
CREATE FUNCTION "audit_canonical_json"("value" jsonb) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  "result" text;
BEGIN
  CASE jsonb_typeof("value")
    WHEN 'object' THEN
      SELECT '{' || coalesce(string_agg(to_json("key")::text || ':' || audit_canonical_json("item"), ','
          ORDER BY convert_to("key", 'UTF8')), '') || '}'
        INTO "result" FROM jsonb_each("value") AS "entry"("key", "item");
    WHEN 'array' THEN
      SELECT '[' || coalesce(string_agg(audit_canonical_json("item"), ',' ORDER BY "position"), '') || ']'
        INTO "result" FROM jsonb_array_elements("value") WITH ORDINALITY AS "element"("item", "position");
    WHEN 'string' THEN
      "result" := to_json("value" #>> '{}')::text;
    WHEN 'number' THEN
      "result" := audit_js_number(("value" #>> '{}')::numeric);
    ELSE
      -- true, false, null
      "result" := "value"::text;
  END CASE;
  RETURN "result";
END;
$$;
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
-- The one time entries are rewritten: to take their place in the chain. Their time is cut to the
-- millisecond, the precision the application hashes (a JavaScript Date), in the order they were
-- written (entries of one transaction share a time; their id breaks the tie).
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_no_update_delete";--> statement-breakpoint
DO $$
DECLARE
  "entry" record;
  "position" bigint := 0;
  "previous" text := repeat('0', 64);
  "created" timestamp with time zone;
  "digest" text;
BEGIN
  FOR "entry" IN SELECT * FROM "audit_log" ORDER BY "created_at", "id" LOOP
    "position" := "position" + 1;
    "created" := date_trunc('milliseconds', "entry"."created_at");
    "digest" := encode(sha256(convert_to(audit_canonical_json(jsonb_build_object(
      'seq', "position",
      'prev_hash', "previous",
      'actor_id', "entry"."actor_id",
      'action', "entry"."action",
      'target_type', "entry"."target_type",
      'target_id', "entry"."target_id",
      'before', "entry"."before",
      'after', "entry"."after",
      'created_at', to_char("created" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    )), 'UTF8')), 'hex');
    UPDATE "audit_log"
      SET "seq" = "position", "prev_hash" = "previous", "hash" = "digest", "created_at" = "created"
      WHERE "id" = "entry"."id";
    "previous" := "digest";
  END LOOP;
END;
$$;
--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_no_update_delete";--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "prev_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "hash" SET NOT NULL;--> statement-breakpoint
-- The application sets the time it hashes; a default would write one it never saw.
ALTER TABLE "audit_log" ALTER COLUMN "created_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_created_at_ms" CHECK ("created_at" = date_trunc('milliseconds', "created_at"));--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_seq_key" ON "audit_log" USING btree ("seq");
