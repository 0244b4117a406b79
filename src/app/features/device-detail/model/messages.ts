import type { ConfigMessage, DeviceConfig, DeviceDetail } from '@shared/devices/devices';

const messageOf = (config: DeviceConfig, slot: number): ConfigMessage | null =>
  slot === 0 ? config.message0 : slot === 1 ? config.message1 : config.message2;

export const pendingMessage = (device: DeviceDetail, slot: number) =>
  messageOf(device.NewConfig, slot);
export const appliedMessage = (device: DeviceDetail, slot: number) =>
  messageOf(device.CurrentConfig, slot);
