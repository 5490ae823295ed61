CREATE TABLE "transaction_counts" (
	"type" text NOT NULL,
	"status" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "transaction_counts_type_status_pk" PRIMARY KEY("type","status")
);
--> statement-breakpoint
DROP INDEX "deposits_status_idx";--> statement-breakpoint
DROP INDEX "withdrawals_status_idx";--> statement-breakpoint
CREATE INDEX "withdrawals_created_idx" ON "withdrawals" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "deposits_status_idx" ON "deposits" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","created_at","id");--> statement-breakpoint
INSERT INTO "transaction_counts" ("type", "status", "count")
SELECT kinds.type, states.status, 0
FROM (VALUES ('deposit'), ('withdrawal')) AS kinds(type), (VALUES ('pending'), ('approved'), ('rejected')) AS states(status);
--> statement-breakpoint
UPDATE "transaction_counts" c SET "count" = n.count
FROM (SELECT 'deposit' AS type, status, count(*) AS count FROM "deposits" GROUP BY status
      UNION ALL SELECT 'withdrawal', status, count(*) FROM "withdrawals" GROUP BY status) n
WHERE c.type = n.type AND c.status = n.status;
--> statement-breakpoint
CREATE FUNCTION "count_transactions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "transaction_counts" SET "count" = "count" - 1 WHERE "type" = TG_ARGV[0] AND "status" = OLD.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "transaction_counts" SET "count" = "count" + 1 WHERE "type" = TG_ARGV[0] AND "status" = NEW.status;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "deposits_counted" AFTER INSERT OR DELETE OR UPDATE OF "status" ON "deposits"
  FOR EACH ROW EXECUTE FUNCTION "count_transactions"('deposit');
--> statement-breakpoint
CREATE TRIGGER "withdrawals_counted" AFTER INSERT OR DELETE OR UPDATE OF "status" ON "withdrawals"
  FOR EACH ROW EXECUTE FUNCTION "count_transactions"('withdrawal');
