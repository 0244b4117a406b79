import { deviceTypeName } from '@shared/devices/constants';
import type { Firmware } from '@shared/libraries/firmware-library';
import type { FirmwareFlag } from '@shared/libraries/libraries';
import { fileLabel } from '@app/components/form/file-size';
import type { ListColumn } from '@app/components/list';
import { formatListDate } from '@app/components/list/table';
import { Badge } from '@app/components/ui/Badge';
import { activeText } from '@app/lib/lookups/libraries';
import { flagName, releaseText } from '@app/features/firmware/model/firmware-texts';

/**
 * The Firmware table (spec 03 §3): Version, Type (the flag's name), Device type, Release, Active,
 * Created and the image (name and size); edit and delete are the row actions. The flags come
 * from the server, so the columns are made from them.
 */
export function firmwareColumns(flags: readonly FirmwareFlag[]): readonly ListColumn<Firmware>[] {
  return [
    {
      id: 'version',
      header: 'Version',
      width: 112,
      card: 'title',
      sortable: true,
      className: 'tabular-nums',
      text: (f) => f.Version,
    },
    {
      id: 'type',
      header: 'Type',
      width: 120,
      card: 'subtitle',
      sortable: true,
      text: (f) => flagName(flags, f.FirmwareFlag),
    },
    {
      id: 'deviceType',
      header: 'Device type',
      width: 136,
      sortable: true,
      text: (f) => deviceTypeName(f.DeviceType),
    },
    {
      id: 'release',
      header: 'Release',
      width: 128,
      sortable: true,
      text: (f) => releaseText(f.Release),
      cell: (f) => <Badge tone={f.Release ? 'brand' : 'amber'}>{releaseText(f.Release)}</Badge>,
    },
    {
      id: 'active',
      header: 'Active',
      width: 104,
      card: 'badge',
      sortable: true,
      text: (f) => activeText(f.Active),
      cell: (f) => <Badge tone={f.Active ? 'brand' : 'slate'}>{activeText(f.Active)}</Badge>,
    },
    {
      id: 'created',
      header: 'Created',
      width: 152,
      sortable: true,
      className: 'tabular-nums',
      text: (f) => formatListDate(f.Created),
      sortValue: (f) => f.Created,
    },
    {
      id: 'file',
      header: 'File',
      minWidth: 170,
      card: 'wide',
      sortable: true,
      text: (f) => (f.Filename === null ? null : fileLabel(f.Filename, f.Size)),
      sortValue: (f) => f.Filename,
    },
  ];
}
