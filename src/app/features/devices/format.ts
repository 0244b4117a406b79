import { deviceTypeName } from '@shared/devices/constants';
import type { Device } from '@shared/devices/devices';

/** The Name column: the protocol's name with its brand in brackets, e.g. 'S-Way (Iveco)'. */
export function protocolLabel(device: Pick<Device, 'ProtocolName' | 'ProtocolBrand'>): string {
  const { ProtocolName: name, ProtocolBrand: brand } = device;
  if (!name) return brand ? `(${brand})` : '';
  return brand ? `${name} (${brand})` : name;
}

/** The Type column: the name the device reports, else the name of its type number. */
export const deviceTypeLabel = (device: Pick<Device, 'DeviceName' | 'DeviceType'>): string =>
  device.DeviceName ?? deviceTypeName(device.DeviceType);

export const pluralDevices = (n: number): string => (n === 1 ? '1 device' : `${n} devices`);
