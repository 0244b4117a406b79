CREATE INDEX "logs_message_trgm_idx" ON "logs" USING gin ("message" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "logs_level_id_idx" ON "logs" USING btree ("level","id");--> statement-breakpoint
CREATE INDEX "raw_messages_message_trgm_idx" ON "raw_messages" USING gin ("message" gin_trgm_ops);