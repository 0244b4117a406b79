import { CHAPTER_BITS, EVENT_FLAGS } from '../../../../shared/constants';
import type { ConfigMessage } from '../../../../shared/devices';

export type EventFlag = keyof typeof EVENT_FLAGS;
export type FlagValues = Record<EventFlag, number>;

export const EVENT_FLAG_NAMES = Object.keys(EVENT_FLAGS) as EventFlag[];

/** What each flag stands for (spec 01 §3). */
export const EVENT_FLAG_LABELS: Record<EventFlag, string> = {
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

/** The chapters a flag's bitmask selects: the columns of the checkbox grid. */
export const CHAPTERS = Object.entries(CHAPTER_BITS).map(([name, bit]) => ({ name, bit }));

export function flagValues(message: ConfigMessage | null): FlagValues {
  const values = {} as FlagValues;
  for (const flag of EVENT_FLAG_NAMES) {
    const value = message?.[flag];
    values[flag] = typeof value === 'number' && Number.isInteger(value) ? value : 0;
  }
  return values;
}

export const zeroFlags = (): FlagValues => flagValues(null);

/** Sets or clears one chapter bit; the other bits of the mask (unnamed ones too) stay. */
export const withChapter = (mask: number, bit: number, on: boolean): number =>
  on ? mask | bit : mask & ~bit;

export const activeFlags = (message: ConfigMessage | null): EventFlag[] => {
  const values = flagValues(message);
  return EVENT_FLAG_NAMES.filter((flag) => values[flag] !== 0);
};

/** The endpoint{n}JSON value: the message as it was (URL, protocol, …) with the new flags. */
export const messageJson = (message: ConfigMessage | null, flags: FlagValues): string =>
  JSON.stringify({ ...(message ?? {}), ...flags });
