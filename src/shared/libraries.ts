import { FIRMWARE_FLAGS } from './constants';

/** A CAN protocol of the library (QTLibrary, spec 03 §3). */
export interface CanConfig {
  Id: number;
  Protocol: string;
  Version: string;
  Brand: string;
  Name: string;
  Active: boolean;
  DeviceType: number;
  Filename: string | null;
}

/** Add-on board firmware (spec 03 §3). */
export interface Firmware {
  Id: number;
  Version: string;
  Filename: string | null;
  Release: boolean;
  /** 1 Booter, 2 Application. */
  FirmwareFlag: number;
  DeviceType: number;
  Active: boolean;
  Created: string;
}

export interface FirmwareFlag {
  Id: number;
  Flag: string;
}

export const FIRMWARE_FLAG_LIST: FirmwareFlag[] = Object.entries(FIRMWARE_FLAGS).map(
  ([Flag, Id]) => ({ Id, Flag }),
);
