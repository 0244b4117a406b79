import type { AuthServer } from '@shared/access/auth-servers';
import { SECRET_MASK } from '@shared/forwards/forwards';
import type { ListColumn } from '@app/components/list';
import { Badge } from '@app/components/ui/Badge';
import { statusText } from '@app/features/auth-servers/model/auth-server-form';

/** Write-only: the mask when one is set, nothing when not (Viewers: never). */
const secret = (value: string | null) => (value === SECRET_MASK ? SECRET_MASK : null);

/** The status as a badge: brand when up, amber when down. */
export const StatusBadge = ({ status }: { status: number }) => (
  <Badge tone={status === 1 ? 'brand' : 'amber'}>{statusText(status)}</Badge>
);

/**
 * The table of spec 02 "Authentication server list": Customer, Name, IP, Device Port, Port,
 * Username, Password, Status and Forward, all sortable; edit and delete are the row actions.
 */
export const authServerColumns: readonly ListColumn<AuthServer>[] = [
  {
    id: 'customer',
    header: 'Customer',
    minWidth: 130,
    card: 'subtitle',
    sortable: true,
    text: (s) => s.Customer ?? 'Shared',
  },
  { id: 'name', header: 'Name', minWidth: 130, card: 'title', sortable: true, text: (s) => s.Name },
  { id: 'ip', header: 'IP', minWidth: 120, sortable: true, text: (s) => s.IP },
  {
    id: 'devicePort',
    header: 'Device Port',
    width: 136,
    sortable: true,
    text: (s) => s.DevicePort,
  },
  { id: 'port', header: 'Port', width: 72, sortable: true, text: (s) => s.Port },
  { id: 'username', header: 'Username', minWidth: 96, sortable: true, text: (s) => s.Username },
  {
    id: 'password',
    header: 'Password',
    width: 116,
    sortable: true,
    text: (s) => secret(s.Password),
  },
  {
    id: 'status',
    header: 'Status',
    width: 170,
    card: 'badge',
    sortable: true,
    text: (s) => statusText(s.Status),
    cell: (s) => <StatusBadge status={s.Status} />,
  },
  {
    id: 'forward',
    header: 'Forward',
    minWidth: 160,
    card: 'wide',
    sortable: true,
    text: (s) => s.Forward,
  },
];
