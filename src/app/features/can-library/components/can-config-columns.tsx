import type { CanConfig } from '@shared/libraries/can-library';
import { deviceTypeName } from '@shared/devices/constants';
import { fileLabel } from '@app/components/form/file-size';
import type { ListColumn } from '@app/components/list';
import { Badge } from '@app/components/ui/Badge';
import { activeText } from '@app/lib/lookups/libraries';

/** Active in the brand's colour, switched off in grey. */
const ActiveBadge = ({ active }: { active: boolean }) => (
  <Badge tone={active ? 'brand' : 'slate'}>{activeText(active)}</Badge>
);

/**
 * The QTLibrarys table (spec 03 §3): Protocol, Version, Brand, Name, Device type, Active and
 * the configuration file (name and size); edit is the row action.
 */
export const canConfigColumns: readonly ListColumn<CanConfig>[] = [
  {
    id: 'protocol',
    header: 'Protocol',
    width: 120,
    card: 'title',
    sortable: true,
    className: 'tabular-nums',
    text: (c) => c.Protocol,
  },
  { id: 'version', header: 'Version', width: 96, sortable: true, text: (c) => c.Version },
  { id: 'brand', header: 'Brand', minWidth: 110, sortable: true, text: (c) => c.Brand },
  {
    id: 'name',
    header: 'Name',
    minWidth: 150,
    card: 'subtitle',
    sortable: true,
    text: (c) => c.Name,
  },
  {
    id: 'deviceType',
    header: 'Device type',
    width: 136,
    sortable: true,
    text: (c) => deviceTypeName(c.DeviceType),
  },
  {
    id: 'active',
    header: 'Active',
    width: 104,
    card: 'badge',
    sortable: true,
    text: (c) => activeText(c.Active),
    cell: (c) => <ActiveBadge active={c.Active} />,
  },
  {
    id: 'file',
    header: 'File',
    minWidth: 170,
    card: 'wide',
    sortable: true,
    text: (c) => (c.Filename === null ? null : fileLabel(c.Filename, c.Size)),
    sortValue: (c) => c.Filename,
  },
];
