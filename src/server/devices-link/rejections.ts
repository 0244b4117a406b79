import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

const MAX_REMEMBERED_IMEIS = 10_000;

/** Rejected-message log rows, at most one per IMEI per interval (`logs`, level Warning). */
export interface RejectionLog {
  /** Writes the rows of a batch's rejected IMEIs that are due; most batches write none. */
  write(imeis: Iterable<string>): Promise<void>;
}

/**
 * A misconfigured tracker (or someone guessing IMEIs) retries forever; one row a minute per IMEI
 * is enough to see it. The text is the same for an unknown device and a wrong credential, like
 * the device's answer.
 */
export function createRejectionLog(db: Db, intervalMs: number): RejectionLog {
  const logged = new Map<string, number>();
  const due = (imei: string, now: number): boolean => {
    const last = logged.get(imei);
    if (last !== undefined && now - last < intervalMs) return false;
    if (logged.size >= MAX_REMEMBERED_IMEIS) logged.clear();
    logged.set(imei, now);
    return true;
  };
  return {
    async write(imeis) {
      const now = Date.now();
      const rows = [...new Set(imeis)]
        .filter((imei) => due(imei, now))
        .map((imei) => ({
          level: 'Warning',
          message: `Message from IMEI ${imei} rejected: unknown device or wrong credential`,
        }));
      if (rows.length === 0) return;
      await db.execute(sql`
        insert into logs (level, message)
        select v.level, v.message
        from json_to_recordset(${JSON.stringify(rows)}::json) as v(level text, message text)`);
    },
  };
}
