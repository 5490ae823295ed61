CREATE TABLE "liability_snapshots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"sequence" integer NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"root_hash" text NOT NULL,
	"root_sum_cents" bigint NOT NULL,
	"leaf_count" integer NOT NULL,
	"user_count" integer NOT NULL,
	"previous_root_hash" text NOT NULL,
	"signature" text NOT NULL,
	"ledger_transfer_count" bigint NOT NULL,
	CONSTRAINT "liability_snapshots_root_sum_not_negative" CHECK (root_sum_cents >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "liability_snapshots_sequence_key" ON "liability_snapshots" USING btree ("sequence");--> statement-breakpoint
CREATE TABLE "liability_tree_nodes" (
	"snapshot_id" uuid NOT NULL,
	"level" smallint NOT NULL,
	"position" integer NOT NULL,
	"hash" bytea NOT NULL,
	"sum_cents" bigint NOT NULL,
	"user_id" uuid,
	"leaf_id" text,
	CONSTRAINT "liability_tree_nodes_snapshot_id_level_position_pk" PRIMARY KEY("snapshot_id","level","position")
);
--> statement-breakpoint
ALTER TABLE "liability_tree_nodes" ADD CONSTRAINT "liability_tree_nodes_snapshot_id_liability_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."liability_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "liability_tree_nodes_user_key" ON "liability_tree_nodes" USING btree ("snapshot_id","user_id") WHERE user_id is not null;
--> statement-breakpoint
ALTER TABLE "liability_tree_nodes" ADD CONSTRAINT "liability_tree_nodes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
