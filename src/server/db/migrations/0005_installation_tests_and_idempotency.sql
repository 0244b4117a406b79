CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" smallint,
	"response_body" text,
	"response_content_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "device_test_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer,
	"customer_id" integer,
	"customer_name" text NOT NULL,
	"imei" text NOT NULL,
	"user_id" integer,
	"user_email" text NOT NULL,
	"time_stamp" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_connection" boolean NOT NULL,
	"valid_time_stamp" boolean NOT NULL,
	"valid_ign_state" boolean NOT NULL,
	"valid_position" boolean NOT NULL,
	"valid_odo" boolean NOT NULL,
	"valid_vin" boolean NOT NULL,
	"valid_ibutton" boolean NOT NULL,
	"valid_io1_state" boolean NOT NULL,
	"test_result" text NOT NULL,
	"lat" double precision,
	"lon" double precision,
	"sat_count" integer,
	"odo" double precision,
	"vin" text,
	"ibutton_active" boolean,
	"ibutton" text,
	"private_switch_active" boolean
);
--> statement-breakpoint
CREATE TABLE "device_test_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"imei" text NOT NULL,
	"customer_id" integer NOT NULL,
	"configuration_group_id" integer,
	"protocol" text,
	"user_id" integer,
	"is_active" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_test_results" ADD CONSTRAINT "device_test_results_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_test_results" ADD CONSTRAINT "device_test_results_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_test_results" ADD CONSTRAINT "device_test_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_test_settings" ADD CONSTRAINT "device_test_settings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_test_settings" ADD CONSTRAINT "device_test_settings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_test_settings" ADD CONSTRAINT "device_test_settings_configuration_group_id_configuration_groups_id_fk" FOREIGN KEY ("configuration_group_id") REFERENCES "public"."configuration_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_test_settings" ADD CONSTRAINT "device_test_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "device_test_results_customer_idx" ON "device_test_results" USING btree ("customer_id","time_stamp");--> statement-breakpoint
CREATE INDEX "device_test_results_imei_idx" ON "device_test_results" USING btree ("imei");--> statement-breakpoint
CREATE UNIQUE INDEX "device_test_settings_device_idx" ON "device_test_settings" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "device_test_settings_imei_idx" ON "device_test_settings" USING btree ("imei");--> statement-breakpoint
CREATE INDEX "device_test_settings_customer_idx" ON "device_test_settings" USING btree ("customer_id");