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
CREATE TABLE "liability_tree_levels" (
	"snapshot_id" uuid NOT NULL,
	"level" smallint NOT NULL,
	"nodes" bytea NOT NULL,
	CONSTRAINT "liability_tree_levels_snapshot_id_level_pk" PRIMARY KEY("snapshot_id","level")
);
--> statement-breakpoint
-- Uncompressed out-of-line storage, so reading one node of a level fetches only the chunk holding it.
ALTER TABLE "liability_tree_levels" ALTER COLUMN "nodes" SET STORAGE EXTERNAL;--> statement-breakpoint
CREATE TABLE "liability_leaves" (
	"snapshot_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"leaf_id" uuid NOT NULL,
	CONSTRAINT "liability_leaves_snapshot_id_user_id_pk" PRIMARY KEY("snapshot_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "liability_tree_levels" ADD CONSTRAINT "liability_tree_levels_snapshot_id_liability_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."liability_snapshots"("id") ON DELETE no action ON UPDATE no action;
