-- The Bitcoin outputs of followed scripts (reserve and deposit addresses), recorded block by block
-- with the inputs that spend them: a 2015 node has no scantxoutset, so the unspent outputs at a
-- block are followed here (modules/chain/bitcoin-reserves.ts).
CREATE TABLE "bitcoin_followed_scripts" (
	"script_hex" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"from_height" bigint NOT NULL,
	"followed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bitcoin_followed_scripts_from_height_check" CHECK ("from_height" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bitcoin_followed_blocks" (
	"height" bigint PRIMARY KEY NOT NULL,
	"block_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bitcoin_followed_outputs" (
	"txid" text NOT NULL,
	"vout" integer NOT NULL,
	"script_hex" text NOT NULL REFERENCES "bitcoin_followed_scripts"("script_hex"),
	"amount_base_units" bigint NOT NULL,
	"block_height" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"spent_by_txid" text,
	"spent_at_height" bigint,
	CONSTRAINT "bitcoin_followed_outputs_pkey" PRIMARY KEY ("txid", "vout"),
	CONSTRAINT "bitcoin_followed_outputs_amount_check" CHECK ("amount_base_units" >= 0),
	CONSTRAINT "bitcoin_followed_outputs_spent_check" CHECK (("spent_by_txid" IS NULL) = ("spent_at_height" IS NULL))
);
--> statement-breakpoint
CREATE INDEX "bitcoin_followed_outputs_script_idx" ON "bitcoin_followed_outputs" ("script_hex", "block_height");--> statement-breakpoint
CREATE INDEX "bitcoin_followed_outputs_block_idx" ON "bitcoin_followed_outputs" ("block_height");--> statement-breakpoint
CREATE INDEX "bitcoin_followed_outputs_spent_idx" ON "bitcoin_followed_outputs" ("spent_at_height") WHERE "spent_at_height" IS NOT NULL;
