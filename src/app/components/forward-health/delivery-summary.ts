import type { ForwardHealth } from '@shared/forwards/forward-health';
import { formatBacklog, formatCount, formatLag } from './health-format';

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** A count for a narrow cell: whole below 1,000 ('999'), then short ('1.5K', '12.4K', '100K'). */
export const formatShortCount = (n: number): string =>
  n < 1_000 ? formatCount(n) : compact.format(n);

/** A forward's delivery in a few words, with its state badge; the panel has the full numbers. */
export interface DeliverySummary {
  /** '12 waiting · lag 4 min' while messages wait, else '1.5K in 24 h' (delivered). */
  activity: string;
  /** '3 failed' (over 24 h) when any failed, else null: shown in the danger colour. */
  failed: string | null;
}

export function deliverySummary(health: ForwardHealth): DeliverySummary {
  const { Backlog, BacklogCapped, LagSeconds, Delivered24h, Failed24h } = health;
  const waiting = Backlog > 0 || BacklogCapped;
  const lag = LagSeconds === null ? '' : ` · lag ${formatLag(LagSeconds)}`;
  return {
    activity: waiting
      ? `${formatShortCount(Backlog)}${BacklogCapped ? '+' : ''} waiting${lag}`
      : `${formatShortCount(Delivered24h)} in 24 h`,
    failed: Failed24h > 0 ? `${formatShortCount(Failed24h)} failed` : null,
  };
}

/** The same in full, for the cell's tooltip: every count whole. */
export function deliveryDetails(health: ForwardHealth): string {
  const lag = health.LagSeconds === null ? '' : ` · lag ${formatLag(health.LagSeconds)}`;
  const day = `${formatCount(health.Delivered24h)} delivered, ${formatCount(health.Failed24h)} failed`;
  return `${formatBacklog(health)} waiting${lag} · ${day} in 24 h`;
}
