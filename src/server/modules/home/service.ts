import { DASHBOARD_DAYS, type Dashboard, type DailyTotal } from '@shared/customers/dashboard';
import type { Db } from '@server/db/client';
import { callerCanWithoutFeatures } from '@server/auth/access';
import type { Caller } from '@server/auth/tokens';
import type { CustomerScope } from '@server/auth/tenancy';
import { loadDailyTotals, loadTotals } from './repository';

const DAY_MS = 86_400_000;
const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The last `days` UTC days, oldest first, ending today. */
export function lastDays(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => utcDay(today - (days - 1 - i) * DAY_MS));
}

/** The quality charts (invalid messages, devices in sync) are for admins: dashboard.quality. */
const seesQuality = (caller: Caller) => callerCanWithoutFeatures(caller, 'dashboard.quality');

export function createHomeService(db: Db, now: () => Date = () => new Date()) {
  // Requests for the same view that arrive while one is being computed share its answer, so a
  // burst of dashboards costs one set of queries (PGlite runs queries one at a time).
  const inFlight = new Map<string, Promise<Dashboard>>();
  const viewKey = (caller: Caller, scope: CustomerScope) =>
    `${seesQuality(caller) ? 'admin' : 'user'}|${scope.all ? '*' : scope.customerIds.join(',')}`;

  return {
    dashboard(caller: Caller, scope: CustomerScope): Promise<Dashboard> {
      const key = viewKey(caller, scope);
      let answer = inFlight.get(key);
      if (!answer) {
        answer = this.compute(caller, scope).finally(() => inFlight.delete(key));
        inFlight.set(key, answer);
      }
      return answer;
    },

    async compute(caller: Caller, scope: CustomerScope): Promise<Dashboard> {
      const days = lastDays(now(), DASHBOARD_DAYS);
      const isAdmin = seesQuality(caller);
      const [totals, daily] = await Promise.all([
        loadTotals(db, scope),
        loadDailyTotals(db, scope, days[0] ?? utcDay(now().getTime())),
      ]);
      const byDay = new Map(daily.map((d) => [d.day, d]));
      const messages: DailyTotal[] = days.map((day) => ({
        Date: day,
        Total: byDay.get(day)?.total ?? 0,
      }));
      // "Last week" for the quality chart: the 7 most recent days.
      const week = days.slice(-7).map((day) => byDay.get(day));
      const weekTotal = week.reduce((n, d) => n + (d?.total ?? 0), 0);
      const weekInvalid = week.reduce((n, d) => n + (d?.invalid ?? 0), 0);
      return {
        deviceCount: totals.devices,
        forwards: totals.forwards,
        rawMessages: totals.messages,
        logs: totals.logs,
        lastMsg: totals.lastMsg ? new Date(totals.lastMsg).toISOString() : null,
        Messages: messages,
        weekly: messages,
        invalidmsg: isAdmin
          ? [
              { name: 'ValidJson', Value: weekInvalid },
              { name: 'Other', Value: weekTotal - weekInvalid },
            ]
          : [],
        insync: isAdmin
          ? [
              { name: 'Insync', Value: totals.outOfSync },
              { name: 'Other', Value: totals.inSync },
            ]
          : [],
      };
    },
  };
}
