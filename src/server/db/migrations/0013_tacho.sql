CREATE TABLE "auth_servers" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"name" text NOT NULL,
	"ip" text NOT NULL,
	"device_port" integer NOT NULL,
	"port" integer NOT NULL,
	"username" text,
	"password" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"forward" text
);
--> statement-breakpoint
CREATE TABLE "company_card_devices" (
	"card_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	CONSTRAINT "company_card_devices_card_id_device_id_pk" PRIMARY KEY("card_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "company_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"auth_server_id" integer NOT NULL,
	"card_number" text NOT NULL,
	"company_name" text NOT NULL,
	"valid_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tacho_file_contents" (
	"file_id" bigint PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tacho_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"device_id" integer,
	"imei" text,
	"kind" smallint NOT NULL,
	"license_plate" text,
	"nation" text,
	"vin" text,
	"driver_name" text,
	"card_number" text,
	"file_name" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"period_from" timestamp with time zone NOT NULL,
	"period_to" timestamp with time zone NOT NULL,
	"valid_state" smallint NOT NULL,
	"size" integer NOT NULL,
	"request_id" bigint
);
--> statement-breakpoint
CREATE TABLE "tacho_latest" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" smallint NOT NULL,
	"customer_key" integer NOT NULL,
	"subject" text NOT NULL,
	"file_id" bigint NOT NULL,
	"period_to" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tacho_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"card_number" text,
	"modem_request_id" bigint,
	"requested_by" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"file_id" bigint,
	"received" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "tacho_request_days" smallint DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_servers" ADD CONSTRAINT "auth_servers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_card_devices" ADD CONSTRAINT "company_card_devices_card_id_company_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."company_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_card_devices" ADD CONSTRAINT "company_card_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_cards" ADD CONSTRAINT "company_cards_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_cards" ADD CONSTRAINT "company_cards_auth_server_id_auth_servers_id_fk" FOREIGN KEY ("auth_server_id") REFERENCES "public"."auth_servers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tacho_file_contents" ADD CONSTRAINT "tacho_file_contents_file_id_tacho_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."tacho_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tacho_files" ADD CONSTRAINT "tacho_files_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tacho_files" ADD CONSTRAINT "tacho_files_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tacho_latest" ADD CONSTRAINT "tacho_latest_file_id_tacho_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."tacho_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tacho_requests" ADD CONSTRAINT "tacho_requests_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tacho_requests" ADD CONSTRAINT "tacho_requests_modem_request_id_modem_requests_id_fk" FOREIGN KEY ("modem_request_id") REFERENCES "public"."modem_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_servers_customer_idx" ON "auth_servers" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "company_card_devices_device_idx" ON "company_card_devices" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "company_cards_customer_idx" ON "company_cards" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "company_cards_auth_server_idx" ON "company_cards" USING btree ("auth_server_id");--> statement-breakpoint
CREATE INDEX "tacho_files_kind_idx" ON "tacho_files" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "tacho_files_customer_idx" ON "tacho_files" USING btree ("customer_id","kind","id");--> statement-breakpoint
CREATE INDEX "tacho_files_plate_idx" ON "tacho_files" USING btree ("kind","license_plate","period_to");--> statement-breakpoint
CREATE INDEX "tacho_files_driver_idx" ON "tacho_files" USING btree ("kind","driver_name","period_to");--> statement-breakpoint
CREATE INDEX "tacho_files_device_idx" ON "tacho_files" USING btree ("device_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tacho_latest_subject_idx" ON "tacho_latest" USING btree ("kind","customer_key","subject");--> statement-breakpoint
CREATE INDEX "tacho_latest_kind_idx" ON "tacho_latest" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "tacho_latest_customer_idx" ON "tacho_latest" USING btree ("customer_key","kind","id");--> statement-breakpoint
CREATE INDEX "tacho_latest_due_idx" ON "tacho_latest" USING btree ("kind","period_to");--> statement-breakpoint
CREATE INDEX "tacho_requests_device_idx" ON "tacho_requests" USING btree ("device_id","id");--> statement-breakpoint
CREATE INDEX "tacho_requests_card_idx" ON "tacho_requests" USING btree ("card_number","id");