-- A session generation per user: a credential change raises it, and only sessions of the current
-- generation authenticate, so a sign-in that verified the old password while the change committed
-- leaves no usable session behind.
ALTER TABLE "users" ADD COLUMN "session_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The failure log becomes the attempts log: every attempt is reserved before its expensive check.
ALTER TABLE "login_failures" RENAME TO "attempts";--> statement-breakpoint
ALTER TABLE "attempts" RENAME COLUMN "failed_at" TO "attempted_at";--> statement-breakpoint
ALTER INDEX "login_failures_subject_idx" RENAME TO "attempts_subject_idx";--> statement-breakpoint
ALTER INDEX "login_failures_pkey" RENAME TO "attempts_pkey";--> statement-breakpoint
CREATE INDEX "attempts_attempted_at_idx" ON "attempts" USING btree ("attempted_at");--> statement-breakpoint
-- The link the old address receives when the e-mail changes: it restores that address and locks the account.
CREATE TABLE "email_change_locks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"token_hash" text NOT NULL UNIQUE,
	"previous_email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "email_change_locks_user_idx" ON "email_change_locks" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "password_resets_expires_idx" ON "password_resets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "login_events_created_at_idx" ON "login_events" USING btree ("created_at");
