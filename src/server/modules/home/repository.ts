import { and, gte, max, sum } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { customerStats, messageCountsDaily } from '@server/db/schema';
import { scopeFilter, type CustomerScope } from '@server/auth/tenancy';

const asNumber = (value: unknown): number => Number(value ?? 0);

/**
 * Totals for the stats card, from counters only: device, sync, forward and log counts from
 * customer_stats (kept by triggers), messages from the daily counters.
 */
export async function loadTotals(db: DbOrTx, scope: CustomerScope) {
  const [statRows, messageRows] = await Promise.all([
    db
      .select({
        devices: sum(customerStats.devices),
        outOfSync: sum(customerStats.devicesOutOfSync),
        forwards: sum(customerStats.forwards),
        logs: sum(customerStats.logs),
      })
      .from(customerStats)
      .where(scopeFilter(scope, customerStats.customerId)),
    db
      .select({ total: sum(messageCountsDaily.total), last: max(messageCountsDaily.lastMsg) })
      .from(messageCountsDaily)
      .where(scopeFilter(scope, messageCountsDaily.customerId)),
  ]);
  const stats = statRows[0];
  const devices = asNumber(stats?.devices);
  const outOfSync = asNumber(stats?.outOfSync);
  return {
    devices,
    outOfSync,
    inSync: devices - outOfSync,
    forwards: asNumber(stats?.forwards),
    logs: asNumber(stats?.logs),
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
