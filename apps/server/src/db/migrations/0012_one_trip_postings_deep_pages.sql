-- A posting in one round trip: the accounts named by (user, kind) or (platform kind) are resolved,
-- a user's accounts opened on their first movement, each kept balance changed in account id order
-- (so two postings never wait on each other in a cycle) without taking a user account or the yield
-- reserve below zero, and the transfer rows written, all inside the caller's transaction. A refusal
-- raises V0001 (insufficient balance) or V0002 (a settlement key already used), so nothing of it stays.
CREATE FUNCTION "post_transfers"(
  from_users uuid[], from_kinds text[], to_users uuid[], to_kinds text[], amounts bigint[], kinds text[],
  reference_types text[], reference_ids uuid[], settlement_keys text[], actor_ids uuid[], reasons text[]
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  debit_ids uuid[];
  credit_ids uuid[];
  account record;
  posted integer;
BEGIN
  INSERT INTO "ledger_accounts" ("user_id", "kind")
  SELECT named.user_id, user_kind.kind
  FROM (SELECT DISTINCT unnest(from_users || to_users) AS user_id) named
  CROSS JOIN unnest(ARRAY['available', 'withdrawal_hold', 'invested']) AS user_kind(kind)
  WHERE named.user_id IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM "ledger_accounts" a WHERE a.user_id = named.user_id)
  ON CONFLICT DO NOTHING;

  SELECT
    array_agg(CASE WHEN r.from_user IS NULL
      THEN (SELECT a.id FROM "ledger_accounts" a WHERE a.user_id IS NULL AND a.kind = r.from_kind)
      ELSE (SELECT a.id FROM "ledger_accounts" a WHERE a.user_id = r.from_user AND a.kind = r.from_kind) END
      ORDER BY r.n),
    array_agg(CASE WHEN r.to_user IS NULL
      THEN (SELECT a.id FROM "ledger_accounts" a WHERE a.user_id IS NULL AND a.kind = r.to_kind)
      ELSE (SELECT a.id FROM "ledger_accounts" a WHERE a.user_id = r.to_user AND a.kind = r.to_kind) END
      ORDER BY r.n)
  INTO debit_ids, credit_ids
  FROM unnest(from_users, from_kinds, to_users, to_kinds) WITH ORDINALITY AS r(from_user, from_kind, to_user, to_kind, n);
  IF array_position(debit_ids, NULL) IS NOT NULL OR array_position(credit_ids, NULL) IS NOT NULL THEN
    RAISE EXCEPTION 'a ledger account named by the transfers is missing';
  END IF;

  -- Open platform accounts (deposits, withdrawals, adjustments, operator_funding) keep no balance.
  FOR account IN
    SELECT a.id, a.user_id IS NOT NULL OR a.kind = 'yield_reserve' AS must_stay_covered, m.delta
    FROM (
      SELECT movement.id, sum(movement.delta) AS delta
      FROM (
        SELECT unnest(debit_ids) AS id, -unnest(amounts) AS delta
        UNION ALL
        SELECT unnest(credit_ids), unnest(amounts)
      ) movement
      GROUP BY movement.id
    ) m
    JOIN "ledger_accounts" a ON a.id = m.id
    WHERE m.delta <> 0
      AND NOT (a.user_id IS NULL AND a.kind IN ('deposits', 'withdrawals', 'adjustments', 'operator_funding'))
    ORDER BY a.id
  LOOP
    UPDATE "ledger_accounts" SET "balance_cents" = "balance_cents" + account.delta
    WHERE "id" = account.id AND (NOT account.must_stay_covered OR "balance_cents" + account.delta >= 0);
    IF NOT FOUND THEN
      RAISE EXCEPTION 'ledger account % would go below zero', account.id USING ERRCODE = 'V0001';
    END IF;
  END LOOP;

  INSERT INTO "ledger_transfers" ("settlement_key", "debit_account_id", "credit_account_id", "amount_cents",
    "kind", "reference_type", "reference_id", "actor_id", "reason")
  SELECT * FROM unnest(settlement_keys, debit_ids, credit_ids, amounts, kinds, reference_types, reference_ids,
    actor_ids, reasons)
  ON CONFLICT ("settlement_key") DO NOTHING;
  GET DIAGNOSTICS posted = ROW_COUNT;
  IF posted <> cardinality(amounts) THEN
    RAISE EXCEPTION 'a settlement key of these transfers is already used' USING ERRCODE = 'V0002';
  END IF;
END;
$$;
--> statement-breakpoint
-- The admin user list pages newest first through this index alone, and counts from a kept total.
CREATE INDEX "users_active_created_idx" ON "users" USING btree ("created_at", "id") WHERE "status" = 'active';
--> statement-breakpoint
CREATE TABLE "user_counts" (
	"status" text PRIMARY KEY NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "user_counts" ("status", "count")
SELECT states.status, (SELECT count(*) FROM "users" u WHERE u.status = states.status)
FROM (VALUES ('active'), ('deleted')) AS states(status);
--> statement-breakpoint
CREATE FUNCTION "count_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "user_counts" SET "count" = "count" - 1 WHERE "status" = OLD.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "user_counts" SET "count" = "count" + 1 WHERE "status" = NEW.status;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_counted" AFTER INSERT OR DELETE OR UPDATE OF "status" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "count_users"();
--> statement-breakpoint
-- The latest exact ledger health report, which the admin console's banner reads instead of
-- recomputing it from every transfer on each page.
CREATE TABLE "ledger_health_reports" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"report" jsonb NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_health_reports_single_row" CHECK ("id" = 1)
);
--> statement-breakpoint
-- How many users, deposits and withdrawals of each status were created in each hour (UTC), kept by
-- triggers in the same transaction as the row change. A deep page of a newest-first list finds the
-- hour its first row falls in by adding up these counts, then skips only within that hour.
CREATE TABLE "hourly_counts" (
	"source" text NOT NULL,
	"status" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "hourly_counts_source_status_hour_pk" PRIMARY KEY("source","status","hour")
);
--> statement-breakpoint
-- The hour a row belongs to, the same whatever the session's time zone.
CREATE FUNCTION "hour_of"(at timestamp with time zone) RETURNS timestamp with time zone
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT to_timestamp(floor(extract(epoch FROM at) / 3600) * 3600) $$;
--> statement-breakpoint
INSERT INTO "hourly_counts" ("source", "status", "hour", "count")
SELECT 'user', status, hour_of(created_at), count(*) FROM "users" GROUP BY 2, 3
UNION ALL SELECT 'deposit', status, hour_of(created_at), count(*) FROM "deposits" GROUP BY 2, 3
UNION ALL SELECT 'withdrawal', status, hour_of(created_at), count(*) FROM "withdrawals" GROUP BY 2, 3;
--> statement-breakpoint
CREATE FUNCTION "count_by_hour"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "hourly_counts" SET "count" = "count" - 1
    WHERE "source" = TG_ARGV[0] AND "status" = OLD.status AND "hour" = hour_of(OLD.created_at);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "hourly_counts" ("source", "status", "hour", "count")
    VALUES (TG_ARGV[0], NEW.status, hour_of(NEW.created_at), 1)
    ON CONFLICT ("source", "status", "hour") DO UPDATE SET "count" = "hourly_counts"."count" + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_counted_by_hour" AFTER INSERT OR DELETE OR UPDATE OF "status", "created_at" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "count_by_hour"('user');
--> statement-breakpoint
CREATE TRIGGER "deposits_counted_by_hour" AFTER INSERT OR DELETE OR UPDATE OF "status", "created_at" ON "deposits"
  FOR EACH ROW EXECUTE FUNCTION "count_by_hour"('deposit');
--> statement-breakpoint
CREATE TRIGGER "withdrawals_counted_by_hour" AFTER INSERT OR DELETE OR UPDATE OF "status", "created_at" ON "withdrawals"
  FOR EACH ROW EXECUTE FUNCTION "count_by_hour"('withdrawal');
