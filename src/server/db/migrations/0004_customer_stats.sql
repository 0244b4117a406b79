-- Per-customer totals for the dashboard, kept by statement-level triggers so that no request
-- counts rows (docs/decisions/002). customer_id 0 holds rows without a customer.
CREATE TABLE "customer_stats" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"devices" integer DEFAULT 0 NOT NULL,
	"devices_out_of_sync" integer DEFAULT 0 NOT NULL,
	"forwards" integer DEFAULT 0 NOT NULL,
	"logs" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION customer_stats_merge(deltas customer_stats[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO customer_stats AS s (customer_id, devices, devices_out_of_sync, forwards, logs)
  SELECT customer_id, sum(devices), sum(devices_out_of_sync), sum(forwards), sum(logs)
  FROM unnest(deltas)
  GROUP BY customer_id
  ON CONFLICT (customer_id) DO UPDATE SET
    devices = s.devices + excluded.devices,
    devices_out_of_sync = s.devices_out_of_sync + excluded.devices_out_of_sync,
    forwards = s.forwards + excluded.forwards,
    logs = s.logs + excluded.logs;
$$;
--> statement-breakpoint
CREATE FUNCTION devices_stats_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_stats_merge(array(
    SELECT row(coalesce(customer_id, 0), 1, (NOT in_sync)::int, 0, 0)::customer_stats FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION devices_stats_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_stats_merge(array(
    SELECT row(coalesce(customer_id, 0), -1, -(NOT in_sync)::int, 0, 0)::customer_stats FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION devices_stats_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only rows whose customer or sync state changed move a count (state updates do not).
  PERFORM customer_stats_merge(array(
    SELECT row(coalesce(n.customer_id, 0), 1, (NOT n.in_sync)::int, 0, 0)::customer_stats
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE o.customer_id IS DISTINCT FROM n.customer_id OR o.in_sync <> n.in_sync
    UNION ALL
    SELECT row(coalesce(o.customer_id, 0), -1, -(NOT o.in_sync)::int, 0, 0)::customer_stats
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE o.customer_id IS DISTINCT FROM n.customer_id OR o.in_sync <> n.in_sync));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER devices_stats_insert AFTER INSERT ON devices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION devices_stats_insert();
--> statement-breakpoint
CREATE TRIGGER devices_stats_delete AFTER DELETE ON devices REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION devices_stats_delete();
--> statement-breakpoint
CREATE TRIGGER devices_stats_update AFTER UPDATE ON devices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION devices_stats_update();
--> statement-breakpoint
CREATE FUNCTION forwards_stats_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_stats_merge(array(
    SELECT row(coalesce(customer_id, 0), 0, 0, 1, 0)::customer_stats FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION forwards_stats_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_stats_merge(array(
    SELECT row(coalesce(customer_id, 0), 0, 0, -1, 0)::customer_stats FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION forwards_stats_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_stats_merge(array(
    SELECT row(coalesce(n.customer_id, 0), 0, 0, 1, 0)::customer_stats
    FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.customer_id IS DISTINCT FROM n.customer_id
    UNION ALL
    SELECT row(coalesce(o.customer_id, 0), 0, 0, -1, 0)::customer_stats
    FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.customer_id IS DISTINCT FROM n.customer_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER forwards_stats_insert AFTER INSERT ON forwards REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forwards_stats_insert();
--> statement-breakpoint
CREATE TRIGGER forwards_stats_delete AFTER DELETE ON forwards REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forwards_stats_delete();
--> statement-breakpoint
CREATE TRIGGER forwards_stats_update AFTER UPDATE ON forwards REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forwards_stats_update();
--> statement-breakpoint
CREATE FUNCTION logs_stats_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_stats_merge(array(
    SELECT row(coalesce(customer_id, 0), 0, 0, 0, 1)::customer_stats FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION logs_stats_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_stats_merge(array(
    SELECT row(coalesce(customer_id, 0), 0, 0, 0, -1)::customer_stats FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER logs_stats_insert AFTER INSERT ON logs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION logs_stats_insert();
--> statement-breakpoint
CREATE TRIGGER logs_stats_delete AFTER DELETE ON logs REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION logs_stats_delete();
--> statement-breakpoint
-- Databases that already hold data start from the true counts.
INSERT INTO customer_stats (customer_id, devices, devices_out_of_sync, forwards, logs)
SELECT customer_id, sum(devices), sum(out_of_sync), sum(forwards), sum(logs) FROM (
  SELECT coalesce(customer_id, 0) AS customer_id, count(*) AS devices, count(*) FILTER (WHERE NOT in_sync) AS out_of_sync, 0 AS forwards, 0 AS logs FROM devices GROUP BY 1
  UNION ALL SELECT coalesce(customer_id, 0), 0, 0, count(*), 0 FROM forwards GROUP BY 1
  UNION ALL SELECT coalesce(customer_id, 0), 0, 0, 0, count(*) FROM logs GROUP BY 1
) t GROUP BY customer_id;
