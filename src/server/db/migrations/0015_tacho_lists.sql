CREATE TABLE "tacho_file_counts" (
	"customer_key" integer NOT NULL,
	"kind" smallint NOT NULL,
	"files" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "tacho_file_counts_customer_key_kind_pk" PRIMARY KEY("customer_key","kind")
);
--> statement-breakpoint
DROP INDEX "tacho_latest_customer_idx";--> statement-breakpoint
DROP INDEX "tacho_latest_due_idx";--> statement-breakpoint
ALTER TABLE "tacho_latest" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "tacho_latest" ADD COLUMN "device_id" integer;--> statement-breakpoint
ALTER TABLE "tacho_latest" ADD COLUMN "file_name" text;--> statement-breakpoint
ALTER TABLE "tacho_latest" ADD COLUMN "uploaded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tacho_latest" ADD COLUMN "period_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tacho_latest" ADD COLUMN "valid_state" smallint;--> statement-breakpoint
ALTER TABLE "tacho_latest" ADD COLUMN "imei" text;--> statement-breakpoint
ALTER TABLE "tacho_latest" ADD COLUMN "card_number" text;--> statement-breakpoint
ALTER TABLE "tacho_latest" ADD COLUMN "vin" text;--> statement-breakpoint
ALTER TABLE "tacho_latest" ADD COLUMN "license_plate" text;--> statement-breakpoint
ALTER TABLE "tacho_latest" ADD COLUMN "driver_name" text;--> statement-breakpoint
CREATE INDEX "tacho_latest_subject_trgm_idx" ON "tacho_latest" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tacho_latest_imei_trgm_idx" ON "tacho_latest" USING gin ("imei" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tacho_latest_card_trgm_idx" ON "tacho_latest" USING gin ("card_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tacho_latest_customer_idx" ON "tacho_latest" USING btree ("customer_key","kind","period_to","id");--> statement-breakpoint
CREATE INDEX "tacho_latest_due_idx" ON "tacho_latest" USING btree ("kind","period_to","id");
--> statement-breakpoint
-- The download lists' counts (`rtddata/all/?type=`), kept like customer_stats (migration 0004):
-- statement-level triggers merge one delta per customer and kind.
CREATE FUNCTION tacho_file_counts_merge(customer_keys integer[], kinds smallint[], deltas bigint[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO tacho_file_counts AS c (customer_key, kind, files)
  SELECT k, t, sum(d) FROM unnest(customer_keys, kinds, deltas) AS u(k, t, d)
  GROUP BY k, t
  ON CONFLICT (customer_key, kind) DO UPDATE SET files = c.files + excluded.files;
$$;
--> statement-breakpoint
CREATE FUNCTION tacho_files_count_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM tacho_file_counts_merge(array_agg(k), array_agg(t), array_agg(n))
  FROM (SELECT coalesce(customer_id, 0) AS k, kind AS t, count(*) AS n FROM new_rows GROUP BY 1, 2) g
  HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION tacho_files_count_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM tacho_file_counts_merge(array_agg(k), array_agg(t), array_agg(n))
  FROM (SELECT coalesce(customer_id, 0) AS k, kind AS t, -count(*) AS n FROM old_rows GROUP BY 1, 2) g
  HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION tacho_files_count_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only records whose customer or kind changed move a count.
  PERFORM tacho_file_counts_merge(array_agg(k), array_agg(t), array_agg(n))
  FROM (
    SELECT k, t, sum(n) AS n FROM (
      SELECT coalesce(n.customer_id, 0) AS k, n.kind AS t, 1 AS n
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE o.customer_id IS DISTINCT FROM n.customer_id OR o.kind <> n.kind
      UNION ALL
      SELECT coalesce(o.customer_id, 0), o.kind, -1
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE o.customer_id IS DISTINCT FROM n.customer_id OR o.kind <> n.kind
    ) moved GROUP BY k, t
  ) g
  HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tacho_files_count_insert AFTER INSERT ON tacho_files REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tacho_files_count_insert();
--> statement-breakpoint
CREATE TRIGGER tacho_files_count_delete AFTER DELETE ON tacho_files REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tacho_files_count_delete();
--> statement-breakpoint
CREATE TRIGGER tacho_files_count_update AFTER UPDATE ON tacho_files REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tacho_files_count_update();
--> statement-breakpoint
INSERT INTO tacho_file_counts (customer_key, kind, files)
SELECT coalesce(customer_id, 0), kind, count(*) FROM tacho_files GROUP BY 1, 2;
--> statement-breakpoint
-- The overview row's copy of its record follows file_id (the upload path sets only file_id and
-- period_to), so the overviews never read the records table.
CREATE FUNCTION tacho_latest_copy_fields() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT f.customer_id, f.device_id, f.file_name, f.uploaded_at, f.period_from, f.valid_state,
    f.imei, f.card_number, f.vin, f.license_plate, f.driver_name
  INTO NEW.customer_id, NEW.device_id, NEW.file_name, NEW.uploaded_at, NEW.period_from,
    NEW.valid_state, NEW.imei, NEW.card_number, NEW.vin, NEW.license_plate, NEW.driver_name
  FROM tacho_files f WHERE f.id = NEW.file_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER tacho_latest_copy_fields BEFORE INSERT OR UPDATE OF file_id ON tacho_latest
  FOR EACH ROW EXECUTE FUNCTION tacho_latest_copy_fields();
--> statement-breakpoint
UPDATE tacho_latest l SET customer_id = f.customer_id, device_id = f.device_id,
  file_name = f.file_name, uploaded_at = f.uploaded_at, period_from = f.period_from,
  valid_state = f.valid_state, imei = f.imei, card_number = f.card_number, vin = f.vin,
  license_plate = f.license_plate, driver_name = f.driver_name
FROM tacho_files f WHERE f.id = l.file_id;
--> statement-breakpoint
-- A record changed afterwards (its ValidState re-read) refreshes the overview rows showing it.
CREATE FUNCTION tacho_files_refresh_latest() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tacho_latest l SET file_id = l.file_id FROM new_rows n WHERE l.file_id = n.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tacho_files_refresh_latest AFTER UPDATE ON tacho_files REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tacho_files_refresh_latest();
