import type { ReactNode } from 'react';
import type { Device } from '../../../../shared/devices';
import { deviceTypeLabel, formatListDate, protocolLabel } from '../format';
import { DeviceLink } from './DeviceLink';
import { InSync, LastDownload, orDash } from './DeviceCells';

export interface DeviceColumn {
  /** The header text, as spec 02 names the column. */
  header: string;
  /** Fixed width in px (sized for 12px digits); columns without one share what is left. */
  width?: number;
  cell: (device: Device, now: number) => ReactNode;
  /** The full text for a cell that may be cut off. */
  title?: (device: Device) => string | undefined;
  className?: string;
}

const text = (pick: (d: Device) => string | null): Pick<DeviceColumn, 'cell' | 'title'> => ({
  cell: (d) => orDash(pick(d)),
  title: (d) => pick(d) ?? undefined,
});

/** The data columns of spec 02 "Devices page", between the checkbox and the action. */
export function deviceColumns(withLastDownload: boolean): DeviceColumn[] {
  const columns: DeviceColumn[] = [
    { header: 'Customer', ...text((d) => d.Customer) },
    { header: 'IMEI', width: 132, cell: (d) => <DeviceLink device={d} /> },
    { header: 'SN', width: 80, ...text((d) => d.SN) },
    { header: 'Hardware', width: 88, ...text((d) => d.Hardware) },
    { header: 'Type', width: 96, ...text(deviceTypeLabel) },
    { header: 'FirmWare', width: 88, ...text((d) => d.Firmware) },
    { header: 'Protocol', width: 96, ...text((d) => d.Protocol) },
    { header: 'Name', ...text((d) => protocolLabel(d)) },
    { header: 'Conf', ...text((d) => d.ConfigurationGroup) },
    { header: 'ICCID', width: 172, className: 'tabular-nums', ...text((d) => d.ICCID) },
    { header: 'InSync', width: 68, cell: (d) => <InSync inSync={d.InSync} /> },
    {
      header: 'LastMsg',
      width: 136,
      className: 'tabular-nums',
      cell: (d) => orDash(formatListDate(d.LastMsg)),
    },
  ];
  if (withLastDownload) {
    columns.push({
      header: 'Last Download',
      width: 120,
      cell: (d, now) => <LastDownload device={d} now={now} />,
    });
  }
  return columns;
}
