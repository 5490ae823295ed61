-- Passkeys (issue 30): each user's WebAuthn credentials, and the challenges the server issued and
-- keeps until one answer uses them. A challenge bound to a withdrawal or an address carries what it
-- commits to (intent), so the assertion is accepted for exactly that request, once.
CREATE TABLE "passkeys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"credential_id" text NOT NULL UNIQUE,
	"public_key" bytea NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" text[] DEFAULT '{}' NOT NULL,
	"is_backup_eligible" boolean NOT NULL,
	"is_backed_up" boolean NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "passkeys_user_idx" ON "passkeys" ("user_id");
--> statement-breakpoint
CREATE TABLE "passkey_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid REFERENCES "users"("id"),
	"purpose" text NOT NULL CHECK ("purpose" IN ('register', 'sign-in', 'second-factor', 'reauthenticate', 'withdrawal', 'withdrawal-address')),
	"challenge" text NOT NULL,
	"intent" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "passkey_challenges_expires_idx" ON "passkey_challenges" ("expires_at");
--> statement-breakpoint
CREATE INDEX "passkey_challenges_user_idx" ON "passkey_challenges" ("user_id");
