import type { Endpoint } from '@shared/forwards/endpoints';
import type { ListColumn } from '@app/components/list';
import { protocolName, SHARED_LABEL } from '@app/features/endpoints/model/endpoint-form';

/**
 * The table of spec 02 "Endpoints page": Customer, Name, URL, Protocol and Devices (how many of
 * the caller's devices use it); edit and delete are the row actions. A shared endpoint (the
 * provider's, no customer) says so in the Customer column.
 */
export const endpointColumns: readonly ListColumn<Endpoint>[] = [
  {
    id: 'customer',
    header: 'Customer',
    minWidth: 140,
    card: 'subtitle',
    sortable: true,
    text: (e) => e.Customer ?? SHARED_LABEL,
    cell: (e) =>
      e.CustomerId === null ? (
        <span className="truncate text-slate-600 italic">{SHARED_LABEL}</span>
      ) : (
        e.Customer
      ),
  },
  { id: 'name', header: 'Name', minWidth: 160, card: 'title', sortable: true, text: (e) => e.Name },
  { id: 'url', header: 'URL', minWidth: 240, card: 'wide', sortable: true, text: (e) => e.URL },
  {
    id: 'protocol',
    header: 'Protocol',
    width: 112,
    card: 'badge',
    sortable: true,
    text: (e) => protocolName(e.Protocol),
  },
  { id: 'devices', header: 'Devices', width: 96, sortable: true, text: (e) => e.Devices },
];
