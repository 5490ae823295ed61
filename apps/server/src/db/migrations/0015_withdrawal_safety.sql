-- The withdrawal address book: money leaves only to an address its owner saved, once its cool-off
-- has passed. A removed or cancelled address keeps its row, so past withdrawals still name it.
CREATE TABLE "withdrawal_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"coin" text NOT NULL,
	"address" text NOT NULL,
	"label" text NOT NULL,
	"usable_at" timestamp with time zone NOT NULL,
	"cancel_token_hash" text NOT NULL UNIQUE,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_addresses_live_key" ON "withdrawal_addresses" USING btree ("user_id", "coin", "address") WHERE "removed_at" IS NULL;--> statement-breakpoint
-- A credential change freezes withdrawals until this time.
ALTER TABLE "users" ADD COLUMN "withdrawals_locked_until" timestamp with time zone;
--> statement-breakpoint
-- Four eyes on large payouts: each administrator's approval of a withdrawal, once.
CREATE TABLE "withdrawal_approvals" (
	"withdrawal_id" uuid NOT NULL REFERENCES "withdrawals"("id"),
	"admin_id" uuid NOT NULL REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("withdrawal_id", "admin_id")
);
