DROP INDEX "tacho_latest_subject_trgm_idx";--> statement-breakpoint
ALTER TABLE "tacho_latest" ADD COLUMN "subject_folded" text GENERATED ALWAYS AS (lower(subject)) STORED;--> statement-breakpoint
CREATE INDEX "tacho_latest_subject_folded_trgm_idx" ON "tacho_latest" USING gin ("subject_folded" gin_trgm_ops);--> statement-breakpoint
-- PGlite has no autovacuum: without statistics on the new column the search plans badly.
ANALYZE "tacho_latest";
