// The scheduler's operator-log entry: one per customer and run, in words.
import { TACHO_KINDS, type TachoKind } from '@shared/tacho/tacho';
import type { OperatorLogEntry } from '@server/operator-log/write';

/** Why a due vehicle or driver was not requested. */
export type TachoSkipReason = 'noValidCard' | 'serverDown' | 'notServed';
export const TACHO_SKIP_TEXTS: Record<TachoSkipReason, string> = {
  noValidCard: 'no valid company card',
  serverDown: 'authentication server down',
  notServed: 'no valid company card serves the device',
};

export type Counts = Record<TachoKind, number>;

export interface TachoSchedulerCustomer {
  customerId: number;
  /** The customer's threshold in days (customers.tacho_request_days). */
  days: number;
  requested: Counts;
  /** Due and requestable, but past this run's batch. */
  deferred: Counts;
  skipped: Partial<Record<TachoSkipReason, Counts>>;
}

export const zero = (): Counts => ({ [TACHO_KINDS.vehicle]: 0, [TACHO_KINDS.driver]: 0 });

/** '3 vehicles and 1 driver card'. */
function countText(counts: Counts): string {
  const part = (n: number, one: string, many: string) => (n ? `${n} ${n === 1 ? one : many}` : '');
  return [
    part(counts[TACHO_KINDS.vehicle], 'vehicle', 'vehicles'),
    part(counts[TACHO_KINDS.driver], 'driver card', 'driver cards'),
  ]
    .filter(Boolean)
    .join(' and ');
}

/** One operator log entry per customer and run: what was requested and what not, and why. */
export function summaryEntry(customer: TachoSchedulerCustomer): OperatorLogEntry {
  const parts: string[] = [];
  const requested = countText(customer.requested);
  if (requested) parts.push(`requested downloads of ${requested}`);
  const deferred = countText(customer.deferred);
  if (deferred) parts.push(`${deferred} left for the next run`);
  for (const [reason, counts] of Object.entries(customer.skipped)) {
    parts.push(
      `${countText(counts)} not requested: ${TACHO_SKIP_TEXTS[reason as TachoSkipReason]}`,
    );
  }
  const skipped = Object.keys(customer.skipped).length > 0;
  return {
    level: skipped ? 'Warning' : 'Information',
    message: `Tacho download scheduler (days left below ${customer.days}): ${parts.join('; ')}`,
    customerId: customer.customerId,
  };
}
