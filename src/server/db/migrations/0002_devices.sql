CREATE TABLE "can_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"protocol" text NOT NULL,
	"version" text NOT NULL,
	"brand" text NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"device_type" smallint NOT NULL,
	"filename" text
);
--> statement-breakpoint
CREATE TABLE "configuration_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"customer_id" integer,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"start" timestamp with time zone DEFAULT now() NOT NULL,
	"end" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "device_forwards" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"message_type_id" integer NOT NULL,
	"forward_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_settings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"setting_name" text NOT NULL,
	"value" text NOT NULL,
	"processed" boolean DEFAULT false NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" integer,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"protocol" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firmwares" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"filename" text,
	"release" boolean DEFAULT false NOT NULL,
	"firmware_flag" smallint NOT NULL,
	"device_type" smallint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modem_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"command" text NOT NULL,
	"command_type" smallint DEFAULT 20 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"executed" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "settings_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"customer_id" integer,
	"application_version" integer DEFAULT 0 NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "firmware" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "protocol_code" text;--> statement-breakpoint
ALTER TABLE "configuration_groups" ADD CONSTRAINT "configuration_groups_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_connections" ADD CONSTRAINT "customer_connections_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_connections" ADD CONSTRAINT "customer_connections_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_forwards" ADD CONSTRAINT "device_forwards_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_forwards" ADD CONSTRAINT "device_forwards_message_type_id_message_types_id_fk" FOREIGN KEY ("message_type_id") REFERENCES "public"."message_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_forwards" ADD CONSTRAINT "device_forwards_forward_id_forwards_id_fk" FOREIGN KEY ("forward_id") REFERENCES "public"."forwards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_settings" ADD CONSTRAINT "device_settings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "endpoints" ADD CONSTRAINT "endpoints_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modem_requests" ADD CONSTRAINT "modem_requests_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings_profiles" ADD CONSTRAINT "settings_profiles_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "configuration_groups_customer_idx" ON "configuration_groups" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "customer_connections_device_idx" ON "customer_connections" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_connections_current_idx" ON "customer_connections" USING btree ("device_id") WHERE "customer_connections"."end" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "device_forwards_slot_idx" ON "device_forwards" USING btree ("device_id","message_type_id");--> statement-breakpoint
CREATE INDEX "device_settings_device_idx" ON "device_settings" USING btree ("device_id","id");--> statement-breakpoint
CREATE INDEX "device_settings_pending_idx" ON "device_settings" USING btree ("device_id") WHERE not "device_settings"."processed";--> statement-breakpoint
CREATE INDEX "endpoints_customer_idx" ON "endpoints" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "modem_requests_device_idx" ON "modem_requests" USING btree ("device_id","id");--> statement-breakpoint
CREATE INDEX "modem_requests_pending_idx" ON "modem_requests" USING btree ("device_id") WHERE "modem_requests"."executed" is null;--> statement-breakpoint
CREATE INDEX "settings_profiles_customer_idx" ON "settings_profiles" USING btree ("customer_id");--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_configuration_group_id_configuration_groups_id_fk" FOREIGN KEY ("configuration_group_id") REFERENCES "public"."configuration_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_configuration_group_idx" ON "devices" USING btree ("configuration_group_id");--> statement-breakpoint
CREATE INDEX "devices_protocol_code_idx" ON "devices" USING btree ("protocol_code");--> statement-breakpoint
CREATE INDEX "devices_imei_trgm_idx" ON "devices" USING gin ("imei" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "devices_sn_trgm_idx" ON "devices" USING gin ("sn" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "devices_iccid_trgm_idx" ON "devices" USING gin ("iccid" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "devices_firmware_trgm_idx" ON "devices" USING gin ("firmware" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "devices_device_name_trgm_idx" ON "devices" USING gin ("device_name" gin_trgm_ops);