import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_TACHO_REQUEST_DAYS,
  TACHO_KINDS,
  TACHO_RULES,
  type TachoKind,
} from '@shared/tacho/tacho';
import type { TachoStateCounts, TachoStateGraph } from '@shared/tacho/tacho-lists';
import { tachoStateBounds } from '@shared/tacho/tacho-state';
import { scopeFilter, type CustomerScope } from '@server/auth/tenancy';
import type { DbOrTx } from '@server/db/client';
import { customers, tachoLatest } from '@server/db/schema';

const counted = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;

/** Counts of one kind against one rule's days (legal 90/30 or RDL 28/14). */
function seriesOf(kind: TachoKind, days: number, soonDays: number, now: number) {
  const { availableFrom, soonFrom } = tachoStateBounds(days, soonDays, now);
  const ofKind = eq(tachoLatest.kind, kind);
  return {
    available: counted(sql`${ofKind} and ${tachoLatest.periodTo} >= ${availableFrom}`),
    soon: counted(
      sql`${ofKind} and ${tachoLatest.periodTo} >= ${soonFrom} and ${tachoLatest.periodTo} < ${availableFrom}`,
    ),
    all: counted(ofKind),
  };
}

const toCounts = (r: { available: number; soon: number; all: number }): TachoStateCounts => ({
  Available: r.available,
  SoonAvailable: r.soon,
  NotOnSchedule: r.all - r.available - r.soon,
});

/**
 * `rtddata/stategraph`: the caller's vehicles and drivers (their tacho_latest rows) in the
 * series of tacho-state.ts, by law and by planned RDL. SoonDays is the caller's own customer's
 * scheduler threshold (tacho_request_days), for a reseller or admin too: the screen states one
 * threshold, the one its user's customer set.
 */
export async function tachoStateGraph(
  db: DbOrTx,
  scope: CustomerScope,
  callerCustomerId: number,
  now = Date.now(),
): Promise<TachoStateGraph> {
  const [customer] = await db
    .select({ days: customers.tachoRequestDays })
    .from(customers)
    .where(eq(customers.id, callerCustomerId));
  const soonDays = customer?.days ?? DEFAULT_TACHO_REQUEST_DAYS;
  const { vehicle, driver } = TACHO_KINDS;
  const series = (kind: TachoKind, rule: 'legalDays' | 'rdlDays') =>
    seriesOf(kind, TACHO_RULES[kind][rule], soonDays, now);
  const parts = {
    lawVehicles: series(vehicle, 'legalDays'),
    lawDrivers: series(driver, 'legalDays'),
    rdlVehicles: series(vehicle, 'rdlDays'),
    rdlDrivers: series(driver, 'rdlDays'),
  };
  const columns = Object.fromEntries(
    Object.entries(parts).flatMap(([name, s]) =>
      Object.entries(s).map(([key, expr]) => [`${name}_${key}`, expr]),
    ),
  ) as Record<string, SQL<number>>;
  const [row] = await db
    .select(columns)
    .from(tachoLatest)
    .where(and(scopeFilter(scope, tachoLatest.customerKey)));
  const pick = (name: keyof typeof parts) =>
    toCounts({
      available: row?.[`${name}_available`] ?? 0,
      soon: row?.[`${name}_soon`] ?? 0,
      all: row?.[`${name}_all`] ?? 0,
    });
  return {
    ByLaw: { Vehicles: pick('lawVehicles'), Drivers: pick('lawDrivers') },
    PlannedRdl: { Vehicles: pick('rdlVehicles'), Drivers: pick('rdlDrivers') },
    SoonDays: soonDays,
  };
}
