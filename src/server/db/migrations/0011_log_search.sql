CREATE TABLE "raw_message_search" (
	"id" bigint PRIMARY KEY NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "raw_message_search_trgm_idx" ON "raw_message_search" USING gin ("message" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "logs_message_trgm_idx" ON "logs" USING gin ("message" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "logs_level_id_idx" ON "logs" USING btree ("level","id");--> statement-breakpoint
-- Messages stored before this migration are searchable at once; later ones follow the indexer.
INSERT INTO "raw_message_search" ("id", "message") SELECT "id", "message" FROM "raw_messages" ON CONFLICT DO NOTHING;
