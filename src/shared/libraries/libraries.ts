import { FIRMWARE_FLAGS } from '@shared/devices/constants';

export type { CanConfig } from './can-library';
export type { Firmware } from './firmware-library';

export interface FirmwareFlag {
  Id: number;
  Flag: string;
}

export const FIRMWARE_FLAG_LIST: FirmwareFlag[] = Object.entries(FIRMWARE_FLAGS).map(
  ([Flag, Id]) => ({ Id, Flag }),
);
