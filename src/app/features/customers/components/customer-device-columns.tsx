import type { Device } from '@shared/devices/devices';
import type { ListColumn } from '@app/components/list';
import { DeviceLink, InSync, LastDownload } from '@app/features/devices';

/**
 * The customer's devices table (spec 02 "Customer detail"): IMEI (a link), SN, Hardware,
 * ConfigurationGroup, ICCID, InSync, and Last Download for users with the 'Tacho Download'
 * feature. Identifiers have fixed widths that show them whole.
 */
export function customerDeviceColumns(withLastDownload: boolean): ListColumn<Device>[] {
  const columns: ListColumn<Device>[] = [
    {
      id: 'imei',
      header: 'IMEI',
      width: 136,
      card: 'title',
      sortable: true,
      text: (d) => d.IMEI,
      cell: (d) => <DeviceLink device={d} />,
    },
    { id: 'sn', header: 'SN', width: 96, sortable: true, text: (d) => d.SN },
    { id: 'hardware', header: 'Hardware', width: 96, text: (d) => d.Hardware },
    {
      id: 'group',
      header: 'ConfigurationGroup',
      minWidth: 140,
      card: 'subtitle',
      sortable: true,
      text: (d) => d.ConfigurationGroup,
    },
    {
      id: 'iccid',
      header: 'ICCID',
      width: 168,
      card: 'wide',
      className: 'tabular-nums',
      text: (d) => d.ICCID,
    },
    {
      id: 'inSync',
      header: 'InSync',
      width: 72,
      card: 'badge',
      cell: (d) => <InSync inSync={d.InSync} />,
    },
  ];
  if (withLastDownload) {
    columns.push({
      id: 'lastDownload',
      header: 'Last Download',
      width: 120,
      cell: (d) => <LastDownload device={d} />,
    });
  }
  return columns;
}
