-- Integrations (issue 32): staff API keys, and webhooks delivered from an outbox. An event is written
-- in the transaction that caused it, with one delivery per subscribed endpoint, so it exists exactly
-- when its change committed; one sender across processes delivers each endpoint's in order.
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL REFERENCES "users"("id"),
	"name" text NOT NULL,
	-- The secret's first characters, shown to tell keys apart; the secret itself is kept as a hash.
	"token_prefix" text NOT NULL,
	"token_hash" text NOT NULL UNIQUE,
	"permissions" text[] NOT NULL,
	-- CIDR ranges the key is accepted from; empty accepts any address.
	"allowed_ranges" text[] DEFAULT '{}' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"last_used_ip" text,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid REFERENCES "users"("id")
);
--> statement-breakpoint
CREATE INDEX "api_keys_owner_idx" ON "api_keys" ("owner_id", "created_at");
--> statement-breakpoint
-- One row per request a key made, reads included: what the key did, from where, and the answer.
CREATE TABLE "api_key_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"api_key_id" uuid NOT NULL REFERENCES "api_keys"("id") ON DELETE CASCADE,
	"called_at" timestamp with time zone NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status_code" integer NOT NULL,
	"ip" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "api_key_calls_key_idx" ON "api_key_calls" ("api_key_id", "called_at");
--> statement-breakpoint
-- Housekeeping removes calls past the sign-in events' retention by their time alone.
CREATE INDEX "api_key_calls_called_idx" ON "api_key_calls" ("called_at");
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"event_types" text[] NOT NULL,
	-- Standard Webhooks secret (whsec_…); during a rotation the previous one signs too, until it expires.
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_expires_at" timestamp with time zone,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_by" uuid REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "webhook_events_created_idx" ON "webhook_events" ("created_at");
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	-- The order of an endpoint's deliveries: the oldest pending one goes first, the rest wait.
	"seq" bigserial NOT NULL,
	"event_id" uuid NOT NULL REFERENCES "webhook_events"("id") ON DELETE CASCADE,
	"endpoint_id" uuid NOT NULL REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE,
	"status" text DEFAULT 'pending' NOT NULL CHECK ("status" IN ('pending', 'succeeded', 'failed')),
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"succeeded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_once" UNIQUE ("event_id", "endpoint_id")
);
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending_idx" ON "webhook_deliveries" ("endpoint_id", "seq") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" ("endpoint_id", "created_at");
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"duration_ms" integer NOT NULL,
	-- The endpoint's answer: its status and the first bytes of its body; or why there was none.
	"status_code" integer,
	"response_excerpt" text,
	"error" text
);
--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" ("delivery_id", "attempted_at");
