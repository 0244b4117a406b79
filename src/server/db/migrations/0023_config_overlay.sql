ALTER TABLE "device_settings" DROP CONSTRAINT "device_settings_device_id_devices_id_fk";
--> statement-breakpoint
DROP INDEX "devices_endpoint_usage_idx";--> statement-breakpoint
DROP INDEX "devices_settings_profile_idx";--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "config_overlay" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "applied_endpoint_ids" text[] GENERATED ALWAYS AS (array_remove(array_remove(array[lower(current_config ->> 'endpoint0ID'), lower(current_config ->> 'endpoint1ID'), lower(current_config ->> 'endpoint2ID')], null), '00000000-0000-0000-0000-000000000000')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "overlay_endpoint_ids" text[] GENERATED ALWAYS AS (array_remove(array_remove(array[lower(config_overlay ->> 'endpoint0ID'), lower(config_overlay ->> 'endpoint1ID'), lower(config_overlay ->> 'endpoint2ID')], null), '00000000-0000-0000-0000-000000000000')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "applied_profile_id" text GENERATED ALWAYS AS (nullif(lower(current_config ->> 'settingsProfileID'), '00000000-0000-0000-0000-000000000000')) STORED;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "overlay_profile_id" text GENERATED ALWAYS AS (nullif(lower(config_overlay ->> 'settingsProfileID'), '00000000-0000-0000-0000-000000000000')) STORED;--> statement-breakpoint
CREATE INDEX "devices_endpoint_usage_idx" ON "devices" USING btree ("customer_id","applied_endpoint_ids","overlay_endpoint_ids");--> statement-breakpoint
CREATE INDEX "devices_settings_profile_idx" ON "devices" USING btree (nullif(coalesce(overlay_profile_id, applied_profile_id), ''),"customer_id") WHERE nullif(coalesce(overlay_profile_id, applied_profile_id), '') is not null;--> statement-breakpoint
-- The overlay is what the wanted configuration adds to the applied one (docs/decisions/045).
UPDATE "devices" d SET "config_overlay" = coalesce((
  SELECT jsonb_object_agg(n.key, n.value) FROM jsonb_each(d.new_config) n
  WHERE d.current_config -> n.key IS DISTINCT FROM n.value), '{}'::jsonb)
WHERE d.new_config IS DISTINCT FROM d.current_config;--> statement-breakpoint
-- Stored uncompressed: a compressed stored value never equals the freshly computed one, so
-- PostgreSQL would take each recomputation for an index change and skip HOT updates.
ALTER TABLE "devices" ALTER COLUMN "applied_endpoint_ids" SET STORAGE PLAIN;--> statement-breakpoint
ALTER TABLE "devices" ALTER COLUMN "overlay_endpoint_ids" SET STORAGE PLAIN;--> statement-breakpoint
ALTER TABLE "devices" ALTER COLUMN "applied_profile_id" SET STORAGE PLAIN;--> statement-breakpoint
ALTER TABLE "devices" ALTER COLUMN "overlay_profile_id" SET STORAGE PLAIN;--> statement-breakpoint
ALTER TABLE "devices" DROP COLUMN "endpoint_ids";--> statement-breakpoint
ALTER TABLE "devices" DROP COLUMN "settings_profile_id";--> statement-breakpoint
ALTER TABLE "devices" DROP COLUMN "new_config";