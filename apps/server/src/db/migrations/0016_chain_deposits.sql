CREATE TABLE "chain_wallets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coin" text NOT NULL,
	"xpub" text NOT NULL,
	"confirmations" integer NOT NULL,
	"set_by" uuid REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "chain_wallets_coin_check" CHECK ("coin" in ('btc', 'eth', 'usdt')),
	CONSTRAINT "chain_wallets_confirmations_check" CHECK ("confirmations" between 1 and 1000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "chain_wallets_active_coin_key" ON "chain_wallets" ("coin") WHERE "retired_at" IS NULL;--> statement-breakpoint
CREATE TABLE "deposit_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"wallet_id" uuid NOT NULL REFERENCES "chain_wallets"("id"),
	"address_index" integer NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "deposit_addresses_index_check" CHECK ("address_index" between 0 and 2147483647)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_wallet_index_key" ON "deposit_addresses" ("wallet_id", "address_index");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_unpaid_key" ON "deposit_addresses" ("wallet_id", "user_id") WHERE "paid_at" IS NULL;--> statement-breakpoint
CREATE TABLE "chain_cursors" (
	"chain" text PRIMARY KEY NOT NULL,
	"height" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_blocks" (
	"chain" text NOT NULL,
	"height" bigint NOT NULL,
	"block_hash" text NOT NULL,
	CONSTRAINT "chain_blocks_pkey" PRIMARY KEY ("chain", "height")
);
--> statement-breakpoint
CREATE TABLE "chain_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"settlement_key" text NOT NULL,
	"chain" text NOT NULL,
	"coin" text NOT NULL,
	"tx_id" text NOT NULL,
	"deposit_id" uuid NOT NULL REFERENCES "deposits"("id"),
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"address_id" uuid NOT NULL REFERENCES "deposit_addresses"("id"),
	"amount_base_units" numeric(78, 0) NOT NULL,
	"state" text DEFAULT 'detected' NOT NULL,
	"block_height" bigint,
	"block_hash" text,
	"detached_at_height" bigint,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"required_confirmations" integer NOT NULL,
	"rate_cents" bigint,
	"usd_cents" bigint,
	"is_below_minimum" boolean DEFAULT false NOT NULL,
	"rate_alerted_at" timestamp with time zone,
	"detected_at" timestamp with time zone NOT NULL,
	"credited_at" timestamp with time zone,
	CONSTRAINT "chain_payments_state_check" CHECK ("state" in ('detected', 'confirming', 'credited', 'orphaned'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "chain_payments_settlement_key" ON "chain_payments" ("settlement_key");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_payments_deposit_key" ON "chain_payments" ("deposit_id");--> statement-breakpoint
CREATE INDEX "chain_payments_open_idx" ON "chain_payments" ("chain", "state") WHERE "state" in ('detected', 'confirming');--> statement-breakpoint
-- The operator's prices; migration 0017 (rates) creates the same table, whichever runs first.
CREATE TABLE IF NOT EXISTS "exchange_rates" (
	"coin" text PRIMARY KEY,
	"usd_cents" bigint NOT NULL,
	"set_at" timestamp with time zone NOT NULL,
	"set_by" uuid
);
