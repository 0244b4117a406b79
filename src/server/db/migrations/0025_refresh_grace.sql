ALTER TABLE "sessions" ADD COLUMN "previous_hash" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "successor_salt" text;