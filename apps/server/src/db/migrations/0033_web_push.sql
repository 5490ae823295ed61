-- Web Push (issue 33): the browsers that asked for notifications, the messages waiting for them and
-- which of them each person wants. A message is written in the transaction of the in-app
-- notification it repeats, so it exists exactly when that committed; it is removed once sent or
-- given up. The VAPID keys that sign every push live in app_secrets, created on first start.
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	-- The push service's address for this browser: one row per browser, whoever signed in last owns it.
	"endpoint" text NOT NULL UNIQUE,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" ("user_id", "created_at");
--> statement-breakpoint
CREATE TABLE "push_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL REFERENCES "push_subscriptions"("id") ON DELETE CASCADE,
	"message" jsonb NOT NULL,
	"urgency" text DEFAULT 'normal' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "push_outbox_created_idx" ON "push_outbox" ("created_at");
--> statement-breakpoint
CREATE INDEX "push_outbox_subscription_idx" ON "push_outbox" ("subscription_id");
--> statement-breakpoint
-- Which pushes a person wants, beside their e-mail choices; no row means every one. Security
-- notices are pushed whatever is chosen here, as their e-mails always go.
CREATE TABLE "push_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id"),
	"deposits" boolean DEFAULT true NOT NULL,
	"withdrawals" boolean DEFAULT true NOT NULL,
	"tickets" boolean DEFAULT true NOT NULL
);
