import { CHAPTER_BITS, EVENT_FLAGS } from './constants';

/**
 * The event flags of a device message and their chapter bits (spec 01 §3): each flag (TIME,
 * SOT …) holds a bitmask of the chapters the message sends when that event happens. Used by
 * the device page's Endpoints tab and the settings profile wizard's message configurations.
 */

export type EventFlagName = keyof typeof EVENT_FLAGS;
export const EVENT_FLAG_NAMES = Object.keys(EVENT_FLAGS) as EventFlagName[];
export type FlagValues = Record<EventFlagName, number>;

/** What each flag stands for (spec 01 §3). */
export const EVENT_FLAG_LABELS: Record<EventFlagName, string> = {
  TIME: 'Timed',
  SOT: 'Start of trip',
  EOT: 'End of trip',
  CHG: 'Charging',
  POR: 'Power cycle',
  WAKE: 'Wake',
  STB: 'Standby',
  MOV: 'Movement',
  LOWBV: 'Low board voltage',
  PZ: 'IO change',
  DWL: 'Unauthorised driving',
  LOG: 'Login/logout',
  DS: 'Driving style',
  DIAG: 'Diagnostics',
  TL: 'TachoLive',
  REQ: 'Request',
};

/** The named chapter bits, in bit order: the columns of the checkbox grid. */
export const CHAPTERS: readonly { name: string; bit: number }[] = Object.entries(CHAPTER_BITS).map(
  ([name, bit]) => ({ name, bit }),
);

/** Sets or clears one chapter bit; the other bits of the mask (unnamed ones too) stay. */
export const withChapter = (mask: number, bit: number, on: boolean): number =>
  on ? mask | bit : mask & ~bit;

/** Every flag at zero: a message that sends nothing. */
export const zeroFlagValues = (): FlagValues =>
  Object.fromEntries(EVENT_FLAG_NAMES.map((flag) => [flag, 0])) as FlagValues;

/** Each flag of a message as a whole number; a missing or malformed one reads as 0. */
export function flagValuesOf(message: Readonly<Record<string, unknown>> | null): FlagValues {
  const values = zeroFlagValues();
  for (const flag of EVENT_FLAG_NAMES) {
    const value = message?.[flag];
    if (typeof value === 'number' && Number.isInteger(value)) values[flag] = value;
  }
  return values;
}

/** The flags that send anything. */
export const activeFlagNames = (values: FlagValues): EventFlagName[] =>
  EVENT_FLAG_NAMES.filter((flag) => values[flag] !== 0);

/** How one flag changed: its old and new mask and the named chapters it gained and lost. */
export interface FlagChange {
  flag: EventFlagName;
  from: number;
  to: number;
  added: string[];
  removed: string[];
}

/** The flags whose mask differs between `before` and `after`, in flag order. */
export function flagChanges(before: FlagValues, after: FlagValues): FlagChange[] {
  return EVENT_FLAG_NAMES.filter((flag) => before[flag] !== after[flag]).map((flag) => ({
    flag,
    from: before[flag],
    to: after[flag],
    added: CHAPTERS.filter((c) => (after[flag] & c.bit) !== 0 && (before[flag] & c.bit) === 0).map(
      (c) => c.name,
    ),
    removed: CHAPTERS.filter(
      (c) => (before[flag] & c.bit) !== 0 && (after[flag] & c.bit) === 0,
    ).map((c) => c.name),
  }));
}

/** Clearing a message's flags asks this first (spec 01 §2.6, Endpoints tab). */
export const CLEAR_MESSAGE_CONFIRM = 'Are you sure you want to clear this message?';
