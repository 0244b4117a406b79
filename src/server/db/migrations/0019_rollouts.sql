CREATE TABLE "rollout_devices" (
	"rollout_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"stage" smallint NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"setting_id" bigint,
	"reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rollout_devices_rollout_id_device_id_pk" PRIMARY KEY("rollout_id","device_id"),
	CONSTRAINT "rollout_devices_state_check" CHECK ("rollout_devices"."state" in ('waiting', 'pending', 'sent', 'downloading', 'applied', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "rollouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"setting_name" text NOT NULL,
	"target" text NOT NULL,
	"from_value" text,
	"customer_id" integer,
	"firmware_id" integer,
	"description" text NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"pause_reason" text,
	"stage" smallint DEFAULT 0 NOT NULL,
	"canary_percent" smallint NOT NULL,
	"failure_threshold_percent" smallint NOT NULL,
	"stage_timeout_minutes" integer NOT NULL,
	"include_offline" boolean NOT NULL,
	"accepted_failures" integer DEFAULT 0 NOT NULL,
	"skipped" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"stage_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"canary_started_at" timestamp with time zone,
	"canary_finished_at" timestamp with time zone,
	"rest_started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rollouts_state_check" CHECK ("rollouts"."state" in ('running', 'paused', 'completed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "rollout_devices" ADD CONSTRAINT "rollout_devices_rollout_id_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."rollouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollout_devices" ADD CONSTRAINT "rollout_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollout_devices" ADD CONSTRAINT "rollout_devices_setting_id_device_settings_id_fk" FOREIGN KEY ("setting_id") REFERENCES "public"."device_settings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollouts" ADD CONSTRAINT "rollouts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rollout_devices_counts_idx" ON "rollout_devices" USING btree ("rollout_id","stage","state");--> statement-breakpoint
CREATE INDEX "rollout_devices_setting_idx" ON "rollout_devices" USING btree ("setting_id") WHERE "rollout_devices"."setting_id" is not null;--> statement-breakpoint
CREATE INDEX "rollout_devices_open_idx" ON "rollout_devices" USING btree ("device_id") WHERE "rollout_devices"."state" in ('waiting', 'pending', 'sent', 'downloading');--> statement-breakpoint
CREATE INDEX "rollouts_running_idx" ON "rollouts" USING btree ("id") WHERE "rollouts"."state" = 'running';