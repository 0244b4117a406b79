CREATE TABLE "customer_features" (
	"customer_id" integer NOT NULL,
	"feature_id" integer NOT NULL,
	CONSTRAINT "customer_features_customer_id_feature_id_pk" PRIMARY KEY("customer_id","feature_id")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country" text,
	"email" text,
	"is_reseller" boolean DEFAULT false NOT NULL,
	"reseller_id" integer,
	"start" date,
	"rtd_interval" integer,
	"rtd_integration" boolean DEFAULT false NOT NULL,
	"rtd_integration_id" integer,
	"rtd_int_cust_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"imei" text NOT NULL,
	"sn" text,
	"hardware" text,
	"device_name" text,
	"device_type" smallint NOT NULL,
	"iccid" text,
	"customer_id" integer,
	"configuration_group_id" integer,
	"note" text,
	"name" text,
	"in_sync" boolean DEFAULT true NOT NULL,
	"current_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"new_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_msg" timestamp with time zone,
	"last_download" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "features" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "features_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "forward_message_types" (
	"forward_id" integer NOT NULL,
	"message_type_id" integer NOT NULL,
	CONSTRAINT "forward_message_types_forward_id_message_type_id_pk" PRIMARY KEY("forward_id","message_type_id")
);
--> statement-breakpoint
CREATE TABLE "forward_protocols" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "forward_protocols_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "forwards" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"name" text NOT NULL,
	"ip" text NOT NULL,
	"port" integer NOT NULL,
	"username" text,
	"password" text,
	"api_key" text,
	"auth" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"protocol_id" integer
);
--> statement-breakpoint
CREATE TABLE "logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"time_stamp" timestamp with time zone DEFAULT now() NOT NULL,
	"level" text NOT NULL,
	"message" text NOT NULL,
	"customer_id" integer
);
--> statement-breakpoint
CREATE TABLE "message_counts_daily" (
	"customer_id" integer NOT NULL,
	"day" date NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"invalid" integer DEFAULT 0 NOT NULL,
	"last_msg" timestamp with time zone NOT NULL,
	CONSTRAINT "message_counts_daily_customer_id_day_pk" PRIMARY KEY("customer_id","day")
);
--> statement-breakpoint
CREATE TABLE "message_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "message_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "raw_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer,
	"imei" text NOT NULL,
	"time_stamp_server" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_json" boolean NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"is_reseller" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_features" ADD CONSTRAINT "customer_features_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_features" ADD CONSTRAINT "customer_features_feature_id_features_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."features"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_reseller_id_customers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forward_message_types" ADD CONSTRAINT "forward_message_types_forward_id_forwards_id_fk" FOREIGN KEY ("forward_id") REFERENCES "public"."forwards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forward_message_types" ADD CONSTRAINT "forward_message_types_message_type_id_message_types_id_fk" FOREIGN KEY ("message_type_id") REFERENCES "public"."message_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forwards" ADD CONSTRAINT "forwards_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forwards" ADD CONSTRAINT "forwards_protocol_id_forward_protocols_id_fk" FOREIGN KEY ("protocol_id") REFERENCES "public"."forward_protocols"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logs" ADD CONSTRAINT "logs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raw_messages" ADD CONSTRAINT "raw_messages_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_reseller_idx" ON "customers" USING btree ("reseller_id");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_imei_idx" ON "devices" USING btree ("imei");--> statement-breakpoint
CREATE INDEX "devices_customer_idx" ON "devices" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "forwards_customer_idx" ON "forwards" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "logs_customer_idx" ON "logs" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "logs_time_idx" ON "logs" USING btree ("time_stamp");--> statement-breakpoint
CREATE INDEX "raw_messages_imei_id_idx" ON "raw_messages" USING btree ("imei","id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_customer_idx" ON "users" USING btree ("customer_id");