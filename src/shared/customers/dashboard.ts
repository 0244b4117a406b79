/** One day of the message-count bar chart. `Date` is an ISO date (YYYY-MM-DD). */
export interface DailyTotal {
  Date: string;
  Total: number;
}

/** A pie-chart slice; `name` is a series key (see `pieSliceLabel`). */
export interface NamedValue {
  name: string;
  Value: number;
}

/** `GET home/dashboard` (spec 01 §3, §7). */
export interface Dashboard {
  deviceCount: number;
  forwards: number;
  rawMessages: number;
  logs: number;
  /** ISO timestamp of the newest message, or null when there is none. */
  lastMsg: string | null;
  /** Daily totals of the last 8 days, oldest first; days without messages count 0. */
  Messages: DailyTotal[];
  /** Same series as `Messages`; kept because the spec names both. */
  weekly: DailyTotal[];
  /** Admins only: valid and invalid JSON messages of the last 7 days. */
  invalidmsg: NamedValue[];
  /** Admins only: devices out of sync and in sync. */
  insync: NamedValue[];
}

export const DASHBOARD_DAYS = 8;

/** Pie labels of spec 01 §2.5. */
export function pieSliceLabel(key: string): string {
  if (key === 'Insync') return 'Out of Sync';
  if (key === 'ValidJson') return 'Invalid Json';
  return 'Other';
}
