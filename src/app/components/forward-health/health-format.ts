import type { ForwardHealth, ForwardState } from '@shared/forwards/forward-health';
import { formatListTime } from '@app/components/list/format';

const counts = new Intl.NumberFormat('en');

/** A count with thousands separators ('12,400'). */
export const formatCount = (n: number): string => counts.format(n);

/** The backlog, with '+' when more are waiting than were counted. */
export const formatBacklog = (health: Pick<ForwardHealth, 'Backlog' | 'BacklogCapped'>): string =>
  `${formatCount(health.Backlog)}${health.BacklogCapped ? '+' : ''}`;

const UNITS = [
  [86_400, 'd'],
  [3_600, 'h'],
  [60, 'min'],
] as const;

/**
 * The age of the oldest waiting message in its largest whole unit ('2 s', '4 min', '3 h',
 * '2 d'); '–' when nothing waits. One unit is enough to see whether a forward keeps up.
 */
export function formatLag(seconds: number | null): string {
  if (seconds === null) return '–';
  const whole = Math.max(0, Math.floor(seconds));
  for (const [size, unit] of UNITS) {
    if (whole >= size) return `${String(Math.floor(whole / size))} ${unit}`;
  }
  return `${String(whole)} s`;
}

/** An instant of the panel: DD-MM-YYYY HH:mm:ss in the browser's zone, '–' when never. */
export const formatInstant = (iso: string | null): string =>
  iso === null ? '–' : formatListTime(iso);

/** The badge's colour; its text says the same for those who do not see colour. */
export const STATE_TONES = {
  delivering: 'green',
  retrying: 'amber',
  failing: 'red',
  paused: 'slate',
} as const satisfies Record<ForwardState, string>;
