import type { Device } from '@shared/devices/devices';
import { formatListDate, type ListColumn } from '@app/components/list';
import { deviceTypeLabel, protocolLabel } from '@app/features/devices/format';
import { DeviceLink } from './DeviceLink';
import { InSync, LastDownload } from './DeviceCells';

/**
 * The data columns of spec 02 "Devices page", between the checkbox and the action. Fixed widths
 * fit the identifiers whole at 12 px (IMEI, ICCID, dates). Names take two lines where one would
 * cut them (issue 25): Name is sized for the longest name or bracketed brand of the demo library
 * ('Actros MP5 (Mercedes-Benz)' on two lines), Customer and Conf share the rest, each at least
 * wide enough for 'Fleet Portal / Provider'; Last Download's header takes two lines too. The sum
 * is 1,356 px, so at 1440 px (1,376 px) the widest table (checkboxes, the action and Last
 * Download) fits even beside a vertical scrollbar; below, it scrolls sideways with every name
 * still whole and the action stuck to the right edge.
 */
export function deviceColumns(withLastDownload: boolean): ListColumn<Device>[] {
  const columns: ListColumn<Device>[] = [
    {
      id: 'customer',
      header: 'Customer',
      minWidth: 84,
      wrap: true,
      card: 'subtitle',
      text: (d) => d.Customer,
      cell: (d) => d.Customer ?? <span className="text-slate-600">No customer</span>,
    },
    {
      id: 'imei',
      header: 'IMEI',
      width: 128,
      card: 'title',
      text: (d) => d.IMEI,
      cell: (d) => <DeviceLink device={d} />,
    },
    { id: 'sn', header: 'SN', width: 76, text: (d) => d.SN },
    { id: 'hardware', header: 'Hardware', width: 80, text: (d) => d.Hardware },
    { id: 'type', header: 'Type', width: 92, text: deviceTypeLabel },
    { id: 'firmware', header: 'FirmWare', width: 80, text: (d) => d.Firmware },
    { id: 'protocol', header: 'Protocol', width: 96, text: (d) => d.Protocol },
    { id: 'name', header: 'Name', width: 116, wrap: true, text: (d) => protocolLabel(d) },
    { id: 'conf', header: 'Conf', minWidth: 84, wrap: true, text: (d) => d.ConfigurationGroup },
    {
      id: 'iccid',
      header: 'ICCID',
      width: 160,
      card: 'wide',
      className: 'tabular-nums',
      text: (d) => d.ICCID,
    },
    {
      id: 'inSync',
      header: 'InSync',
      width: 60,
      card: 'badge',
      cell: (d) => <InSync inSync={d.InSync} />,
    },
    {
      id: 'lastMsg',
      header: 'LastMsg',
      width: 124,
      className: 'tabular-nums',
      text: (d) => formatListDate(d.LastMsg),
    },
  ];
  if (withLastDownload) {
    columns.push({
      id: 'lastDownload',
      header: 'Last Download',
      width: 84,
      wrap: true,
      cell: (d) => <LastDownload device={d} />,
    });
  }
  return columns;
}
