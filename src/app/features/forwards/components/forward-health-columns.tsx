import type { ForwardHealth } from '@shared/forward-health';
import type { Forward } from '@shared/forwards';
import {
  formatBacklog,
  formatCount,
  formatLag,
  HealthStateCell,
  HealthValueCell,
} from '@app/components/forward-health';
import type { ListColumn } from '@app/components/list';

const backlog = (h: ForwardHealth) => formatBacklog(h);
const lag = (h: ForwardHealth) => formatLag(h.LagSeconds);
const delivered = (h: ForwardHealth) => formatCount(h.Delivered24h);
const failed = (h: ForwardHealth) => formatCount(h.Failed24h);

/**
 * Delivery health (issue 15) after the spec's columns, live from the page's HealthCellsProvider.
 * Not sortable: the values move every few seconds, and rows that reorder themselves under the
 * pointer cannot be read or clicked.
 */
export const forwardHealthColumns: readonly ListColumn<Forward>[] = [
  {
    id: 'state',
    header: 'State',
    width: 92,
    cell: (f) => <HealthStateCell id={f.Id} name={f.Name} />,
  },
  {
    id: 'backlog',
    header: 'Backlog',
    width: 72,
    className: 'tabular-nums',
    cell: (f) => <HealthValueCell id={f.Id} value={backlog} />,
  },
  {
    id: 'lag',
    header: 'Lag',
    width: 56,
    className: 'tabular-nums',
    cell: (f) => <HealthValueCell id={f.Id} value={lag} />,
  },
  {
    id: 'delivered',
    header: 'Delivered 24h',
    width: 108,
    className: 'tabular-nums',
    cell: (f) => <HealthValueCell id={f.Id} value={delivered} />,
  },
  {
    id: 'failed',
    header: 'Failed 24h',
    width: 84,
    className: 'tabular-nums',
    cell: (f) => <HealthValueCell id={f.Id} value={failed} />,
  },
];
