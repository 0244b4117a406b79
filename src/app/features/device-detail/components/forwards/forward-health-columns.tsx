import type { ReactNode } from 'react';
import type { ForwardHealth } from '@shared/forwards/forward-health';
import type { DeviceForward } from '@shared/forwards/forwards';
import {
  formatBacklog,
  formatLag,
  HealthStateCell,
  HealthValueCell,
} from '@app/components/forward-health';
import type { Column } from '@app/components/list/table';

const backlog = (h: ForwardHealth) => formatBacklog(h);
const lag = (h: ForwardHealth) => formatLag(h.LagSeconds);

/** An empty slot ('non') has no forward and so no health: blank, and left off phone cards. */
const ofAssigned =
  (cell: (forwardId: number, slot: DeviceForward) => ReactNode) => (slot: DeviceForward) =>
    slot.ForwardId === null ? '' : cell(slot.ForwardId, slot);

/**
 * The assigned forward's delivery health (issue 15), live from the tab's HealthCellsProvider;
 * the State badge opens the detail panel.
 */
export const FORWARD_HEALTH_COLUMNS: Column<DeviceForward>[] = [
  {
    header: 'State',
    cell: ofAssigned((id, slot) => <HealthStateCell id={id} name={slot.Name ?? ''} />),
    // The badge's 44 px button fills the line's padding, level with the other cells' text.
    className: 'md:py-0',
  },
  {
    header: 'Backlog',
    cell: ofAssigned((id) => <HealthValueCell id={id} value={backlog} />),
    className: 'tabular-nums md:whitespace-nowrap',
  },
  {
    header: 'Lag',
    cell: ofAssigned((id) => <HealthValueCell id={id} value={lag} />),
    className: 'tabular-nums md:whitespace-nowrap',
  },
];
