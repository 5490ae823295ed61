CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateways" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coin" text NOT NULL,
	"address" text NOT NULL,
	"image_file_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "address_image_file_id" uuid;--> statement-breakpoint
ALTER TABLE "gateways" ADD CONSTRAINT "gateways_image_file_id_stored_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateways" ADD CONSTRAINT "gateways_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gateways_coin_idx" ON "gateways" USING btree ("coin","status","created_at");--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_address_image_file_id_stored_files_id_fk" FOREIGN KEY ("address_image_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "app_secrets" ("name", "value")
VALUES ('file_link_key', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
