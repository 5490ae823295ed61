CREATE TABLE "staff_roles" (
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	"granted_by" uuid,
	CONSTRAINT "staff_roles_user_id_role_pk" PRIMARY KEY("user_id","role")
);--> statement-breakpoint
ALTER TABLE "staff_roles" ADD CONSTRAINT "staff_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_roles" ADD CONSTRAINT "staff_roles_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Every administrator before roles becomes an owner, in force since the account was opened, so an
-- upgrade neither delays nor strips anyone.
INSERT INTO "staff_roles" ("user_id", "role", "granted_at") SELECT "id", 'owner', "created_at" FROM "users" WHERE "is_admin";--> statement-breakpoint
CREATE TABLE "approval_policies" (
	"kind" text PRIMARY KEY NOT NULL,
	"quorum" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "admin_change_approvals" (
	"change_id" uuid NOT NULL,
	"approver_id" uuid NOT NULL,
	"approved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "admin_change_approvals_change_id_approver_id_pk" PRIMARY KEY("change_id","approver_id")
);--> statement-breakpoint
ALTER TABLE "admin_change_approvals" ADD CONSTRAINT "admin_change_approvals_approver_id_users_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_changes" ADD COLUMN "required_approvals" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_changes" ADD COLUMN "eligible_approver_ids" uuid[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- A change pending at the upgrade keeps the rule it was proposed under: any other administrator.
UPDATE "admin_changes" SET "eligible_approver_ids" = ARRAY(SELECT "id" FROM "users" WHERE "is_admin" AND "id" <> "admin_changes"."requested_by") WHERE "status" = 'pending';--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "required_approvals" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- A pending withdrawal at the default dual-approval amount ($10,000) or above keeps needing two.
UPDATE "withdrawals" SET "required_approvals" = 2 WHERE "status" = 'pending' AND "amount_cents" >= 1000000;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "reauthenticated_at" timestamp with time zone;
