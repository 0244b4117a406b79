import { FORWARD_STATUS, SECRET_MASK, type Forward } from '@shared/forwards/forwards';
import type { ListColumn } from '@app/components/list';
import { Badge } from '@app/components/ui/Badge';

/** Secrets are write-only: the mask when one is set, nothing when not (Viewers: never). */
const secret = (value: string | null) => (value === SECRET_MASK ? SECRET_MASK : null);

const statusText = (forward: Forward) =>
  FORWARD_STATUS[forward.Status === 1 ? 1 : 0] satisfies string;

/**
 * The table of spec 02 "Forwards page": Customer, Name, IP, Port, Protocol, Username, Password,
 * API_Key, Authorization, Status and Devices, all sortable; edit and delete are the row actions.
 * Each width is the header with its sort arrow (its text and 30 px) or the usual value at 12 px
 * in Chromium, whichever is wider (IP: a dotted address of 14 characters; Status: its small
 * badge, the size of Delivery's beside it); Customer and Name share the rest, on two lines where
 * one would cut them ('NordTrack / Resellers', issue 25). With Delivery and
 * the three row buttons the sum is 1,353 px, so the table fits at 1440 px (1,376 px) even with a
 * vertical scrollbar; it scrolls sideways below.
 */
export const forwardColumns: readonly ListColumn<Forward>[] = [
  {
    id: 'customer',
    header: 'Customer',
    minWidth: 96,
    wrap: true,
    card: 'subtitle',
    sortable: true,
    text: (f) => f.Customer ?? 'Shared',
  },
  {
    id: 'name',
    header: 'Name',
    minWidth: 96,
    wrap: true,
    card: 'title',
    sortable: true,
    text: (f) => f.Name,
  },
  { id: 'ip', header: 'IP', width: 108, sortable: true, text: (f) => f.IP },
  { id: 'port', header: 'Port', width: 60, sortable: true, text: (f) => f.Port },
  { id: 'protocol', header: 'Protocol', width: 87, sortable: true, text: (f) => f.Protocol },
  { id: 'username', header: 'Username', width: 99, sortable: true, text: (f) => f.Username },
  {
    id: 'password',
    header: 'Password',
    width: 95,
    sortable: true,
    text: (f) => secret(f.Password),
  },
  { id: 'apiKey', header: 'API_Key', width: 84, sortable: true, text: (f) => secret(f.API_KEY) },
  {
    id: 'auth',
    header: 'Authorization',
    width: 123,
    sortable: true,
    text: (f) => secret(f.Auth),
  },
  {
    id: 'status',
    header: 'Status',
    width: 140,
    card: 'badge',
    sortable: true,
    text: statusText,
    cell: (f) => (
      <Badge tone={f.Status === 1 ? 'brand' : 'amber'} size="sm">
        {statusText(f)}
      </Badge>
    ),
  },
  { id: 'devices', header: 'Devices', width: 83, sortable: true, text: (f) => f.Amountdevices },
];
