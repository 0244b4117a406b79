import type { Device } from '../../../../shared/devices';
import { formatListDate, type ListColumn } from '../../../components/list';
import { deviceTypeLabel, protocolLabel } from '../format';
import { DeviceLink } from './DeviceLink';
import { InSync, LastDownload } from './DeviceCells';

/**
 * The data columns of spec 02 "Devices page", between the checkbox and the action. Fixed widths
 * fit the identifiers whole at 12 px (IMEI, ICCID, dates); Customer, Name and Conf share the
 * rest and show their full text on hover. At 1440 px every column fits without scrolling.
 */
export function deviceColumns(withLastDownload: boolean): ListColumn<Device>[] {
  const columns: ListColumn<Device>[] = [
    {
      id: 'customer',
      header: 'Customer',
      minWidth: 72,
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
    { id: 'name', header: 'Name', minWidth: 72, text: (d) => protocolLabel(d) },
    { id: 'conf', header: 'Conf', minWidth: 72, text: (d) => d.ConfigurationGroup },
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
      width: 112,
      cell: (d) => <LastDownload device={d} />,
    });
  }
  return columns;
}
