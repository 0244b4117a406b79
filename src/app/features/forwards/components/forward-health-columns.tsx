import type { Forward } from '@shared/forwards/forwards';
import { HealthDeliveryCell } from '@app/components/forward-health';
import type { ListColumn } from '@app/components/list';

/**
 * A forward's delivery health (issue 15) in one narrow column, live from the page's
 * HealthCellsProvider: the state badge, the failed ones of 24 h and a short line of what waits
 * or was delivered; the detail panel (the cell, or the row's Health button) has the rest.
 * 146 px: 'Delivering' with '1.2K failed' beside it, or '999 waiting · lag 59 min' (11 px).
 * Not sortable: the values move every few seconds, and rows that reorder themselves under the
 * pointer cannot be read or clicked. On a phone card it takes a whole line.
 */
export const forwardDeliveryColumn: ListColumn<Forward> = {
  id: 'delivery',
  header: 'Delivery',
  width: 146,
  card: 'wide',
  cell: (f) => <HealthDeliveryCell id={f.Id} name={f.Name} />,
};
