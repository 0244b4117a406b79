import type { DailyTotal } from '@shared/customers/dashboard';
import { dayjs } from '@app/lib/dayjs';

/** Spec 01 §9 formats. */
export const LAST_MESSAGE_FORMAT = 'DD-MM-YYYY HH:mm:ss';
export const DAY_FORMAT = 'Do MMMM YYYY';
export const NONE = 'None';

const counts = new Intl.NumberFormat('en');
export const formatCount = (value: number): string => counts.format(value);

/** The newest message in local time, or 'None'. */
export function formatLastMessage(lastMsg: string | null): string {
  return lastMsg ? dayjs(lastMsg).format(LAST_MESSAGE_FORMAT) : NONE;
}

/** How long ago the newest message arrived ("5 minutes ago"), or 'None'. */
export function formatMessageAge(lastMsg: string | null, now: number = Date.now()): string {
  return lastMsg ? dayjs(lastMsg).from(now) : NONE;
}

/**
 * A 'YYYY-MM-DD' day as 'Do MMMM YYYY'. dayjs reads a bare date as that calendar day, so the
 * server's UTC day keeps its date in every time zone.
 */
export const formatDay = (date: string): string => dayjs(date).format(DAY_FORMAT);

/** The bar chart only makes sense when at least one day has messages. */
export const hasMessageData = (days: readonly DailyTotal[]): boolean =>
  days.some((day) => day.Total > 0);
