ALTER TABLE "devices" ADD COLUMN "apn" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "booter_version" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "can1_version" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "can2_version" text;--> statement-breakpoint
UPDATE "devices" SET
	"apn" = "current_config" ->> 'APN',
	"booter_version" = "current_config" ->> 'BooterVersion',
	"can1_version" = "current_config" ->> 'CAN1Version',
	"can2_version" = "current_config" ->> 'CAN2Version';--> statement-breakpoint
-- Room on each page for the device link's frequent state updates to stay HOT (no index writes).
ALTER TABLE "devices" SET (fillfactor = 50);
