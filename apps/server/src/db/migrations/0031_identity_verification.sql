-- Identity verification (issue 31): what a person submits to be verified at the full level, and
-- the images of their document, sealed with AES-256-GCM under a key that never enters the
-- database (IDENTITY_DOCUMENTS_KEY or DATA_DIR/identity-documents.key). An image is uploaded
-- first, unattached, and claimed by the submission that names it; unclaimed ones are swept.
-- `closed_at` dates an account's closure, from which its documents are kept for the retention time.
ALTER TABLE "users" ADD COLUMN "closed_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "users" SET "closed_at" = now() WHERE "status" = 'deleted';
--> statement-breakpoint
CREATE TABLE "identity_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"status" text DEFAULT 'pending' NOT NULL CHECK ("status" IN ('pending', 'approved', 'rejected')),
	"legal_name" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"country" text NOT NULL,
	"address" text NOT NULL,
	"document_type" text NOT NULL CHECK ("document_type" IN ('passport', 'national_id', 'driving_licence')),
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewer_id" uuid REFERENCES "users"("id"),
	"rejection_reason" text CHECK ("rejection_reason" IN ('unreadable', 'expired', 'details_mismatch', 'selfie', 'not_accepted', 'other')),
	"rejection_note" text,
	CONSTRAINT "identity_verifications_reviewed" CHECK (("status" = 'pending') = ("reviewed_at" IS NULL)),
	CONSTRAINT "identity_verifications_rejection" CHECK (("status" = 'rejected') = ("rejection_reason" IS NOT NULL))
);
--> statement-breakpoint
-- One submission waits at a time, and an approved person sends no other.
CREATE UNIQUE INDEX "identity_verifications_one_open_idx" ON "identity_verifications" ("user_id") WHERE "status" IN ('pending', 'approved');
--> statement-breakpoint
CREATE INDEX "identity_verifications_queue_idx" ON "identity_verifications" ("status", "submitted_at", "id");
--> statement-breakpoint
CREATE INDEX "identity_verifications_user_idx" ON "identity_verifications" ("user_id", "submitted_at");
--> statement-breakpoint
CREATE TABLE "identity_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"verification_id" uuid REFERENCES "identity_verifications"("id") ON DELETE CASCADE,
	"side" text NOT NULL CHECK ("side" IN ('front', 'back', 'selfie')),
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	-- Which key sealed it (the first bytes of the key's SHA-256), so a wrong key is named, not guessed.
	"key_id" text NOT NULL,
	"nonce" bytea NOT NULL,
	"ciphertext" bytea NOT NULL,
	"auth_tag" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "identity_images_side_idx" ON "identity_images" ("verification_id", "side") WHERE "verification_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "identity_images_unclaimed_idx" ON "identity_images" ("created_at") WHERE "verification_id" IS NULL;
--> statement-breakpoint
CREATE INDEX "identity_images_user_idx" ON "identity_images" ("user_id");
