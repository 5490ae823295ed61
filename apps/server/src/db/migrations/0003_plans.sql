CREATE TABLE "investments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"plan_name" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"period_days" integer NOT NULL,
	"periods_total" integer NOT NULL,
	"principal_return" boolean NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"periods_paid" integer DEFAULT 0 NOT NULL,
	"is_return_delayed" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"period" text DEFAULT 'daily' NOT NULL,
	"duration_days" integer NOT NULL,
	"min_cents" bigint NOT NULL,
	"max_cents" bigint NOT NULL,
	"principal_return" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "investments_user_idx" ON "investments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "investments_active_idx" ON "investments" USING btree ("status","started_at");--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_amount_positive" CHECK ("amount_cents" > 0);
--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_range_valid" CHECK ("min_cents" > 0 AND "max_cents" >= "min_cents");
--> statement-breakpoint
INSERT INTO "plans" ("name", "rate_basis_points", "period", "duration_days", "min_cents", "max_cents", "principal_return") VALUES
  ('SMALL', 360, 'daily', 60, 5000, 100000, true),
  ('STANDARD', 430, 'daily', 60, 100000, 999900, true),
  ('ADVANCED', 500, 'daily', 60, 1000000, 3000000, true),
  ('CORPORATE', 700, 'daily', 60, 3000000, 9000000, true);
