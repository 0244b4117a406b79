import { dayjs } from '@app/lib/dayjs';

/** Spec 02 §9: list dates read DD-MM-YYYY HH:mm, in the browser's time zone. */
export const formatListDate = (iso: string | null): string =>
  iso === null ? '' : dayjs(iso).format('DD-MM-YYYY HH:mm');

/** With seconds, where entries come seconds apart (Log, Raw Messages: DD-MM-YYYY HH:mm:ss). */
export const formatListTime = (iso: string): string => dayjs(iso).format('DD-MM-YYYY HH:mm:ss');

/** The day alone, where a rule counts in days (Last Download). */
export const formatListDay = (iso: string): string => dayjs(iso).format('DD-MM-YYYY');

/** An empty value reads as a dash so a blank cell is not mistaken for a rendering gap. */
export const orDash = (value: string | number | null | undefined): string =>
  value === null || value === undefined || value === '' ? '–' : String(value);
