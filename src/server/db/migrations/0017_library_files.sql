CREATE TABLE "library_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "can_configs" ADD COLUMN "file_id" integer;--> statement-breakpoint
ALTER TABLE "firmwares" ADD COLUMN "file_id" integer;--> statement-breakpoint
ALTER TABLE "can_configs" ADD CONSTRAINT "can_configs_file_id_library_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."library_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmwares" ADD CONSTRAINT "firmwares_file_id_library_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."library_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "can_configs_active_protocol_idx" ON "can_configs" USING btree ("protocol","device_type") WHERE "can_configs"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "firmwares_version_idx" ON "firmwares" USING btree ("version","device_type","firmware_flag");