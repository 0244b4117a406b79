import type { Db } from '@server/db/client';
import { writeOperatorLog, type OperatorLogEntry } from '@server/operator-log/write';

const MAX_REMEMBERED_SOURCES = 10_000;

/** Why the link refused a message; the device's own answer says the same or less. */
export type RejectReason =
  /** Answered 401: the same text for both, like the device's answer. */
  | 'unknown device or wrong credential'
  /** Answered 401 before anything is looked up. */
  | 'not signed'
  | 'device clock off'
  /** Answered 400: the body could not be read (the reader's own words follow). */
  | 'malformed';

export interface Rejection {
  reason: RejectReason;
  /** The device, when the message named one (credential rejects). */
  imei?: string;
  /** The client address, for rejects before a device is known. */
  address?: string;
  /** The reader's explanation of a malformed message (fixed texts, never the body). */
  detail?: string;
}

/** Rejected-message log entries (`logs`, level Warning), throttled per source and reason. */
export interface RejectionLog {
  /** Notes rejections; writes the entries that are due (most calls write none). */
  write(rejections: Iterable<Rejection>): Promise<void>;
}

interface Seen {
  /** When the last entry for this source and reason was written. */
  loggedAt: number;
  /** Rejections since then that wrote no entry of their own. */
  unlogged: number;
}

const sourceOf = (r: Rejection) =>
  r.imei ? `IMEI ${r.imei}` : `address ${r.address ?? 'unknown'}`;

function entryFor(r: Rejection, unlogged: number): OperatorLogEntry {
  const why = r.reason === 'malformed' && r.detail ? `malformed (${r.detail})` : r.reason;
  const more = unlogged > 0 ? `; ${unlogged} more since the previous entry` : '';
  return {
    level: 'Warning',
    message: `Device message from ${sourceOf(r)} rejected: ${why}${more}`,
  };
}

/**
 * A misconfigured tracker (or someone guessing IMEIs) retries forever: at most one entry per
 * source (IMEI, else address) and reason per interval, which also says how many were refused
 * since the previous one, so one device cannot flood the log and none goes unnoticed.
 */
export function createRejectionLog(db: Db, intervalMs: number): RejectionLog {
  const seen = new Map<string, Seen>();
  // Writes are chained so the log keeps the order the link refused messages in (a pool
  // would otherwise run them side by side).
  let previous: Promise<unknown> = Promise.resolve();

  const due = (r: Rejection, now: number): OperatorLogEntry | null => {
    const key = `${r.reason}\n${sourceOf(r)}`;
    const last = seen.get(key);
    if (last && now - last.loggedAt < intervalMs) {
      last.unlogged++;
      return null;
    }
    if (!last && seen.size >= MAX_REMEMBERED_SOURCES) seen.clear();
    seen.set(key, { loggedAt: now, unlogged: 0 });
    return entryFor(r, last?.unlogged ?? 0);
  };

  return {
    async write(rejections) {
      const now = Date.now();
      const entries: OperatorLogEntry[] = [];
      for (const r of rejections) {
        const entry = due(r, now);
        if (entry) entries.push(entry);
      }
      if (entries.length === 0) return;
      const writing = previous.then(() => writeOperatorLog(db, entries));
      previous = writing.catch(() => undefined);
      await writing;
    },
  };
}
