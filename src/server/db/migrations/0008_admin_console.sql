CREATE TABLE "rtd_integrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "rtd_integrations_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "features" DROP CONSTRAINT "features_name_unique";--> statement-breakpoint
ALTER TABLE "roles" DROP CONSTRAINT "roles_name_unique";--> statement-breakpoint
DROP INDEX "users_email_idx";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
-- Databases from before this migration get the integration types too (seedReferenceData adds
-- them to new ones); an integration id that names none of them cannot be kept under the new key.
INSERT INTO "rtd_integrations" ("name") VALUES ('TIS-Web'), ('Tachomaster'), ('Optac'), ('TachoWeb') ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "customers" SET "rtd_integration_id" = NULL WHERE "rtd_integration_id" IS NOT NULL AND "rtd_integration_id" NOT IN (SELECT "id" FROM "rtd_integrations");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_rtd_integration_id_rtd_integrations_id_fk" FOREIGN KEY ("rtd_integration_id") REFERENCES "public"."rtd_integrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_active_name_idx" ON "customers" USING btree ("name") WHERE "customers"."deactivated_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "features_name_idx" ON "features" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_idx" ON "roles" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_reseller";