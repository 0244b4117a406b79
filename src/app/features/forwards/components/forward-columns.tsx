import { FORWARD_STATUS, SECRET_MASK, type Forward } from '@shared/forwards';
import type { ListColumn } from '@app/components/list';
import { Badge } from '@app/components/ui/Badge';

/** Secrets are write-only: the mask when one is set, nothing when not (Viewers: never). */
const secret = (value: string | null) => (value === SECRET_MASK ? SECRET_MASK : null);

const statusText = (forward: Forward) =>
  FORWARD_STATUS[forward.Status === 1 ? 1 : 0] satisfies string;

/**
 * The table of spec 02 "Forwards page": Customer, Name, IP, Port, Protocol, Username, Password,
 * API_Key, Authorization, Status and Devices, all sortable; edit and delete are the row actions.
 * Fixed widths are the header (with its sort arrow) or the longest value at 12 px in Chromium,
 * whichever is wider: with the health columns the table is wide.
 */
export const forwardColumns: readonly ListColumn<Forward>[] = [
  {
    id: 'customer',
    header: 'Customer',
    minWidth: 130,
    card: 'subtitle',
    sortable: true,
    text: (f) => f.Customer ?? 'Shared',
  },
  { id: 'name', header: 'Name', minWidth: 110, card: 'title', sortable: true, text: (f) => f.Name },
  { id: 'ip', header: 'IP', minWidth: 112, sortable: true, text: (f) => f.IP },
  { id: 'port', header: 'Port', width: 64, sortable: true, text: (f) => f.Port },
  { id: 'protocol', header: 'Protocol', minWidth: 96, sortable: true, text: (f) => f.Protocol },
  { id: 'username', header: 'Username', minWidth: 90, sortable: true, text: (f) => f.Username },
  {
    id: 'password',
    header: 'Password',
    width: 96,
    sortable: true,
    text: (f) => secret(f.Password),
  },
  { id: 'apiKey', header: 'API_Key', width: 88, sortable: true, text: (f) => secret(f.API_KEY) },
  {
    id: 'auth',
    header: 'Authorization',
    width: 124,
    sortable: true,
    text: (f) => secret(f.Auth),
  },
  {
    id: 'status',
    header: 'Status',
    width: 156,
    card: 'badge',
    sortable: true,
    text: statusText,
    cell: (f) => <Badge tone={f.Status === 1 ? 'brand' : 'amber'}>{statusText(f)}</Badge>,
  },
  { id: 'devices', header: 'Devices', width: 84, sortable: true, text: (f) => f.Amountdevices },
];
