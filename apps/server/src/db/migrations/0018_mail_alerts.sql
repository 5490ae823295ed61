-- E-mail alerts. Each one is written here in the transaction of the event it reports, and delivered
-- after commit (pg_notify wakes the senders); a sent e-mail drops its body, which may hold a link.
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid REFERENCES "users"("id"),
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text,
	"html_body" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("created_at") WHERE "status" = 'pending';--> statement-breakpoint
-- What a user chose: the anti-phishing code every e-mail carries, and which money e-mails they get.
-- No row: no code, every e-mail.
CREATE TABLE "mail_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id"),
	"anti_phishing_code" text,
	"deposits" boolean DEFAULT true NOT NULL,
	"withdrawals" boolean DEFAULT true NOT NULL,
	"adjustments" boolean DEFAULT true NOT NULL
);--> statement-breakpoint
-- The browsers and addresses each account signed in from (hashed): a new one is e-mailed, once.
CREATE TABLE "known_devices" (
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"kind" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("user_id", "kind", "hash")
);--> statement-breakpoint
-- What accounts already signed in from is known, so the upgrade alerts nobody about it. A browser
-- is known by its user agent without digits (its updates are not new devices), an IPv4 address by
-- itself. IPv6 addresses are known by their /64, which the server computes: each account learns its
-- IPv6 network at its next sign-in from it, with one alert.
INSERT INTO "known_devices" ("user_id", "kind", "hash")
SELECT DISTINCT "user_id", 'address', encode(sha256(convert_to(regexp_replace("ip", '^::ffff:', '', 'i'), 'UTF8')), 'hex')
FROM "login_events" WHERE "outcome" = 'success' AND "ip" ~* '^(::ffff:)?[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+$'
UNION
SELECT DISTINCT "user_id", 'agent', encode(sha256(convert_to(regexp_replace("user_agent", '[0-9]+', '', 'g'), 'UTF8')), 'hex')
FROM "login_events" WHERE "outcome" = 'success' AND "user_agent" IS NOT NULL
ON CONFLICT DO NOTHING;
