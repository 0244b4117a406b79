/**
 * Tachograph rules of spec 03 §3, §4 and §9, written once: the overviews, the download lists,
 * the device page, the state graph and the download scheduler all read these. No valibot here,
 * so screens that only need the rules stay light.
 */

/** `?type=` of the rtddata calls: 1 vehicle unit (mass memory), 2 driver card. */
export const TACHO_KINDS = { vehicle: 1, driver: 2 } as const;
export type TachoKind = (typeof TACHO_KINDS)[keyof typeof TACHO_KINDS];
export const isTachoKind = (value: unknown): value is TachoKind =>
  value === TACHO_KINDS.vehicle || value === TACHO_KINDS.driver;

/** A record whose file did not say which period it covers (spec 03 §3). */
export const TACHO_UNKNOWN_PERIOD = '1990-01-01T00:00:00.000Z';
export const TACHO_UNKNOWN_PERIOD_MS = Date.parse(TACHO_UNKNOWN_PERIOD);
export const isUnknownPeriod = (iso: string | null | undefined): boolean =>
  iso == null || Date.parse(iso) <= TACHO_UNKNOWN_PERIOD_MS;

/** Days a download stays legal (days left), and days until the next remote download. */
export const TACHO_RULES = {
  [TACHO_KINDS.vehicle]: { legalDays: 90, rdlDays: 28, panelMonths: 3 },
  [TACHO_KINDS.driver]: { legalDays: 30, rdlDays: 14, panelMonths: 1 },
} as const satisfies Record<TachoKind, { legalDays: number; rdlDays: number; panelMonths: number }>;

/** Default of a customer's scheduler threshold: request a download below this many days left. */
export const DEFAULT_TACHO_REQUEST_DAYS = 7;
/** The scheduler asks a vehicle or driver for a download at most once per this many hours. */
export const TACHO_SCHEDULER_REPEAT_HOURS = 24;

const DAY_MS = 86_400_000;

/** Days left before a download is overdue, or since it is (spec 03 §4). */
export interface TachoDaysLeft {
  /**
   * Whole days left before the due moment, negative once past it; counted toward zero (whole
   * days gone by), so 4.9 days left read 4 and 25.03 days overdue read -25, and the first day
   * past due reads 0.
   */
  days: number;
  /** The due moment has passed (red on screen, Not on Schedule), also while `days` is 0. */
  overdue: boolean;
}

/** Whole days from `now` to `due`, as TachoDaysLeft counts them. */
export function wholeDaysUntil(due: number, now: number): TachoDaysLeft {
  // `|| 0` turns the -0 of the first overdue day into 0.
  return { days: Math.trunc((due - now) / DAY_MS) || 0, overdue: due < now };
}

/**
 * Days left of a vehicle's or driver's latest download: its data end plus 90 (vehicle) or 30
 * (driver) days, against now; null for the unknown period ('Unknown'). The rule of every screen.
 */
export function tachoDaysLeft(
  kind: TachoKind,
  periodTo: string,
  now = Date.now(),
): TachoDaysLeft | null {
  if (isUnknownPeriod(periodTo)) return null;
  return wholeDaysUntil(Date.parse(periodTo) + TACHO_RULES[kind].legalDays * DAY_MS, now);
}

/** The next remote download: the data end plus 28 (vehicle) or 14 (driver) days; null if unknown. */
export function tachoNextRdl(kind: TachoKind, periodTo: string): string | null {
  if (isUnknownPeriod(periodTo)) return null;
  return new Date(Date.parse(periodTo) + TACHO_RULES[kind].rdlDays * DAY_MS).toISOString();
}

/** ValidState of a download (spec 03 §4): 1 ok; 2, 3, 44 not ok; 11 interim ok; 12 interim not ok. */
export const VALID_STATES = {
  ok: 1,
  notOk: 2,
  signatureNotOk: 3,
  unreadable: 44,
  interimOk: 11,
  interimNotOk: 12,
} as const;
export type ValidStateClass = 'ok' | 'notOk' | 'interimOk' | 'interimNotOk' | 'unknown';

export function validStateClass(state: number): ValidStateClass {
  switch (state) {
    case 1:
      return 'ok';
    case 2:
    case 3:
    case 44:
      return 'notOk';
    case 11:
      return 'interimOk';
    case 12:
      return 'interimNotOk';
    default:
      return 'unknown';
  }
}

/** Progress of a remote download request, as the download lists show it on the row. */
export type TachoRequestProgress = 'requested' | 'sent' | 'received';

/** Modem commands of remote downloads (docs/device-protocol.md, "Tachograph files"). */
export const TACHO_COMMANDS = {
  massMemory: '$REQUEST,RDL VU',
  driverCard: (cardNumber: string) => `$REQUEST,RDL CARD ${cardNumber}`,
} as const;

/** Largest tachograph file the device link takes (a year of a busy VU stays far below). */
export const TACHO_FILE_MAX_BYTES = 8 * 1024 * 1024;

/** Driver card numbers as the tachograph writes them: 14 to 16 letters and digits. */
export const CARD_NUMBER_PATTERN = /^[0-9A-Z]{14,16}$/;
