ALTER TABLE "forward_message_types" DROP CONSTRAINT "forward_message_types_message_type_id_message_types_id_fk";
--> statement-breakpoint
ALTER TABLE "forwards" DROP CONSTRAINT "forwards_protocol_id_forward_protocols_id_fk";
--> statement-breakpoint
ALTER TABLE "device_forwards" DROP CONSTRAINT "device_forwards_message_type_id_message_types_id_fk";
--> statement-breakpoint
ALTER TABLE "forwards" ADD COLUMN "integration_type" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "forward_message_types" ADD CONSTRAINT "forward_message_types_message_type_id_message_types_id_fk" FOREIGN KEY ("message_type_id") REFERENCES "public"."message_types"("id") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "forwards" ADD CONSTRAINT "forwards_protocol_id_forward_protocols_id_fk" FOREIGN KEY ("protocol_id") REFERENCES "public"."forward_protocols"("id") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "device_forwards" ADD CONSTRAINT "device_forwards_message_type_id_message_types_id_fk" FOREIGN KEY ("message_type_id") REFERENCES "public"."message_types"("id") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
-- Message type and protocol ids become spec 02's numbers (src/shared/forward-kinds.ts,
-- docs/decisions/031); the references follow through ON UPDATE CASCADE.
UPDATE "message_types" SET "id" = "id" + 1000000;--> statement-breakpoint
UPDATE "message_types" SET "id" = CASE "name" WHEN 'TD' THEN 0 WHEN 'TC' THEN 1 WHEN 'RT' THEN 2 WHEN 'TL' THEN 5 ELSE "id" END;--> statement-breakpoint
INSERT INTO "message_types" ("id", "name") VALUES (0, 'TD'), (1, 'TC'), (2, 'RT'), (5, 'TL') ON CONFLICT DO NOTHING;--> statement-breakpoint
DELETE FROM "device_forwards" WHERE "message_type_id" >= 1000000;--> statement-breakpoint
DELETE FROM "forward_message_types" WHERE "message_type_id" >= 1000000;--> statement-breakpoint
DELETE FROM "message_types" WHERE "id" >= 1000000;--> statement-breakpoint
UPDATE "forward_protocols" SET "id" = "id" + 1000000;--> statement-breakpoint
UPDATE "forward_protocols" SET "id" = CASE "name" WHEN 'HTTP JSON' THEN 0 WHEN 'MQTT' THEN 1 WHEN 'Wialon IPS' THEN 2 WHEN 'Azure IoT hub' THEN 3 ELSE "id" END;--> statement-breakpoint
INSERT INTO "forward_protocols" ("id", "name") VALUES (0, 'HTTP JSON'), (1, 'MQTT'), (2, 'Wialon IPS'), (3, 'Azure IoT hub') ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Protocols the middleware cannot deliver (TCP Binary) are gone; their forwards send HTTP JSON.
UPDATE "forwards" SET "protocol_id" = 0 WHERE "protocol_id" >= 1000000;--> statement-breakpoint
DELETE FROM "forward_protocols" WHERE "id" >= 1000000;
