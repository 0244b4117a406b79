CREATE TABLE "forward_counters" (
	"forward_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"given_up" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "forward_counters_forward_id_bucket_pk" PRIMARY KEY("forward_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "forward_cursors" (
	"forward_id" integer PRIMARY KEY NOT NULL,
	"position_xid" "xid8" NOT NULL,
	"position_id" bigint DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"failing_since" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"last_delivered_at" timestamp with time zone,
	"backlog" integer DEFAULT 0 NOT NULL,
	"backlog_capped" boolean DEFAULT false NOT NULL,
	"oldest_waiting_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "forward_replays" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"forward_id" integer NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	"first_id" bigint NOT NULL,
	"last_id" bigint NOT NULL,
	"position_id" bigint NOT NULL,
	"total" integer NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "raw_messages" ADD COLUMN "message_type" smallint;--> statement-breakpoint
-- Rows from before forwarding hold 0 (a constant default: no rewrite of the table), new rows
-- their writing transaction (decision 046).
ALTER TABLE "raw_messages" ADD COLUMN "xid" "xid8" DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "raw_messages" ALTER COLUMN "xid" SET DEFAULT pg_current_xact_id();--> statement-breakpoint
ALTER TABLE "forward_counters" ADD CONSTRAINT "forward_counters_forward_id_forwards_id_fk" FOREIGN KEY ("forward_id") REFERENCES "public"."forwards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forward_cursors" ADD CONSTRAINT "forward_cursors_forward_id_forwards_id_fk" FOREIGN KEY ("forward_id") REFERENCES "public"."forwards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forward_replays" ADD CONSTRAINT "forward_replays_forward_id_forwards_id_fk" FOREIGN KEY ("forward_id") REFERENCES "public"."forwards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forward_replays_open_idx" ON "forward_replays" USING btree ("forward_id") WHERE done_at is null;--> statement-breakpoint
CREATE INDEX "raw_messages_xid_id_idx" ON "raw_messages" USING btree ("xid","id");