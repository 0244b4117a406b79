ALTER TABLE "rollout_devices" DROP CONSTRAINT "rollout_devices_rollout_id_rollouts_id_fk";
--> statement-breakpoint
ALTER TABLE "rollout_devices" DROP CONSTRAINT "rollout_devices_device_id_devices_id_fk";
--> statement-breakpoint
ALTER TABLE "rollout_devices" DROP CONSTRAINT "rollout_devices_setting_id_device_settings_id_fk";
--> statement-breakpoint
DROP INDEX "rollout_devices_open_idx";
