import { and, count, gte, max, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { devices, forwards, logs, messageCountsDaily } from '../../db/schema';
import { scopeFilter, type CustomerScope } from '../../auth/tenancy';

const asNumber = (value: unknown): number => Number(value ?? 0);

/** Totals for the stats card; messages come from the daily counters, never raw rows. */
export async function loadTotals(db: DbOrTx, scope: CustomerScope) {
  const [deviceRows, forwardRows, logRows, messageRows] = await Promise.all([
    db.select({ n: count() }).from(devices).where(scopeFilter(scope, devices.customerId)),
    db.select({ n: count() }).from(forwards).where(scopeFilter(scope, forwards.customerId)),
    db.select({ n: count() }).from(logs).where(scopeFilter(scope, logs.customerId)),
    db
      .select({ total: sum(messageCountsDaily.total), last: max(messageCountsDaily.lastMsg) })
      .from(messageCountsDaily)
      .where(scopeFilter(scope, messageCountsDaily.customerId)),
  ]);
  return {
    devices: asNumber(deviceRows[0]?.n),
    forwards: asNumber(forwardRows[0]?.n),
    logs: asNumber(logRows[0]?.n),
    messages: asNumber(messageRows[0]?.total),
    lastMsg: messageRows[0]?.last ?? null,
  };
}

/** Per-day totals from `fromDay` (YYYY-MM-DD, UTC) on; days without messages are absent. */
export async function loadDailyTotals(db: DbOrTx, scope: CustomerScope, fromDay: string) {
  const rows = await db
    .select({
      day: messageCountsDaily.day,
      total: sum(messageCountsDaily.total),
      invalid: sum(messageCountsDaily.invalid),
    })
    .from(messageCountsDaily)
    .where(
      and(gte(messageCountsDaily.day, fromDay), scopeFilter(scope, messageCountsDaily.customerId)),
    )
    .groupBy(messageCountsDaily.day);
  return rows.map((r) => ({ day: r.day, total: asNumber(r.total), invalid: asNumber(r.invalid) }));
}

export async function loadSyncCounts(db: DbOrTx, scope: CustomerScope) {
  const rows = await db
    .select({ inSync: devices.inSync, n: count() })
    .from(devices)
    .where(scopeFilter(scope, devices.customerId))
    .groupBy(devices.inSync);
  const of = (flag: boolean) => asNumber(rows.find((r) => r.inSync === flag)?.n);
  return { inSync: of(true), outOfSync: of(false) };
}
