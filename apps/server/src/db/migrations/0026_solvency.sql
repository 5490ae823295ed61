-- Proof of solvency (decision 016). Snapshots say their format: 1 for those taken before, whose
-- leaves were salted random ids, 2 from now on, whose leaves are bound to their owner and which sign
-- a statement of reserves and ratios, kept verbatim so it can be re-checked byte for byte.
ALTER TABLE "liability_snapshots" ADD COLUMN "format" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "liability_snapshots" ALTER COLUMN "format" SET DEFAULT 2;--> statement-breakpoint
ALTER TABLE "liability_snapshots" ADD COLUMN "statement" text;--> statement-breakpoint
-- The statement's hash (what the signature covers) and headline figures, so the public list carries
-- every snapshot without carrying every statement, which lists each funded reserve address.
ALTER TABLE "liability_snapshots" ADD COLUMN "statement_hash" text;--> statement-breakpoint
ALTER TABLE "liability_snapshots" ADD COLUMN "figures" jsonb;--> statement-breakpoint
ALTER TABLE "liability_snapshots" ADD CONSTRAINT "liability_snapshots_statement_by_format"
  CHECK (("format" = 1 AND "statement" IS NULL AND "statement_hash" IS NULL AND "figures" IS NULL)
    OR ("format" = 2 AND "statement" IS NOT NULL AND "statement_hash" IS NOT NULL AND "figures" IS NOT NULL));--> statement-breakpoint
-- Format 2 leaves have no random id: their hash names the user.
ALTER TABLE "liability_leaves" ALTER COLUMN "leaf_id" DROP NOT NULL;--> statement-breakpoint
-- An address that holds the platform's money, with the operator's signature over a challenge naming
-- the platform, the address and the date. Removing one stops it counting; the row stays, since
-- earlier statements published it.
CREATE TABLE "reserve_addresses" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "coin" text NOT NULL,
  "kind" text NOT NULL,
  "address" text NOT NULL,
  "account_key" text,
  "child_index" integer,
  "challenge" text NOT NULL,
  "signature_type" text NOT NULL,
  "signature" text NOT NULL,
  "registered_by" uuid REFERENCES "users"("id"),
  "registered_at" timestamp with time zone DEFAULT now() NOT NULL,
  "removed_at" timestamp with time zone,
  CONSTRAINT "reserve_addresses_kind_shape" CHECK (
    ("kind" = 'address' AND "account_key" IS NULL AND "child_index" IS NULL)
    OR ("kind" = 'account' AND "account_key" IS NOT NULL AND "child_index" IS NOT NULL))
);--> statement-breakpoint
CREATE UNIQUE INDEX "reserve_addresses_active_key" ON "reserve_addresses" ("coin", lower("address"), coalesce("account_key", '')) WHERE "removed_at" IS NULL;--> statement-breakpoint
-- One signature proves a whole account key: the same key registered again, by another of its
-- addresses, would count its deposit addresses twice.
CREATE UNIQUE INDEX "reserve_addresses_active_account_key" ON "reserve_addresses" ("coin", "account_key") WHERE "kind" = 'account' AND "removed_at" IS NULL;
