ALTER TABLE "stored_files" ADD COLUMN "sha256" text;--> statement-breakpoint
CREATE INDEX "deposits_proof_file_idx" ON "deposits" USING btree ("proof_file_id") WHERE proof_file_id is not null;--> statement-breakpoint
CREATE INDEX "stored_files_sha256_idx" ON "stored_files" USING btree ("sha256");