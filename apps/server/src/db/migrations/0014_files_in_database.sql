CREATE TABLE "stored_file_contents" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"content" bytea NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stored_file_contents" ADD CONSTRAINT "stored_file_contents_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_file_contents" ALTER COLUMN "content" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "stored_files" ALTER COLUMN "storage_key" DROP NOT NULL;--> statement-breakpoint
CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"completed_at" timestamp with time zone NOT NULL
);
