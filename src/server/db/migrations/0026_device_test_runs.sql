CREATE TABLE "device_test_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"device_id" integer NOT NULL,
	"settings_id" integer NOT NULL,
	"imei" text NOT NULL,
	"customer_id" integer NOT NULL,
	"user_id" integer,
	"plan" jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"active_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"result_id" integer
);
--> statement-breakpoint
CREATE TABLE "device_test_verdicts" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"item_key" text NOT NULL,
	"value" text NOT NULL,
	"state" smallint NOT NULL,
	"note" text,
	"made_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"user_email" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_test_results" ADD COLUMN "run_id" integer;--> statement-breakpoint
ALTER TABLE "device_test_results" ADD COLUMN "items" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "device_test_runs" ADD CONSTRAINT "device_test_runs_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_test_runs" ADD CONSTRAINT "device_test_runs_settings_id_device_test_settings_id_fk" FOREIGN KEY ("settings_id") REFERENCES "public"."device_test_settings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_test_runs" ADD CONSTRAINT "device_test_runs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_test_runs" ADD CONSTRAINT "device_test_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_test_runs" ADD CONSTRAINT "device_test_runs_result_id_device_test_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."device_test_results"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_test_verdicts" ADD CONSTRAINT "device_test_verdicts_run_id_device_test_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."device_test_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_test_verdicts" ADD CONSTRAINT "device_test_verdicts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_test_runs_key_idx" ON "device_test_runs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "device_test_runs_running_idx" ON "device_test_runs" USING btree ("device_id") WHERE "device_test_runs"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "device_test_verdicts_run_idx" ON "device_test_verdicts" USING btree ("run_id");