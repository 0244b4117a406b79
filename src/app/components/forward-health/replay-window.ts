import type { ReplayWindowInput } from '@shared/forwards/forward-health';
import { dayjs } from '@app/lib/dayjs';

/** A datetime-local input's value: minutes, in the browser's time zone. */
export const LOCAL_TIME_FORMAT = 'YYYY-MM-DDTHH:mm';

/**
 * The replay window a dialog starts with: the last hour, up to the start of the next minute (To
 * is exclusive, so the messages of this minute are in).
 */
export function lastHour(now: number = Date.now()): { From: string; To: string } {
  const to = dayjs(now).add(1, 'minute').startOf('minute');
  return {
    From: to.subtract(1, 'hour').format(LOCAL_TIME_FORMAT),
    To: to.format(LOCAL_TIME_FORMAT),
  } satisfies ReplayWindowInput;
}

/** The browser's time zone, which the window's fields are in ('Europe/Amsterdam'). */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;
