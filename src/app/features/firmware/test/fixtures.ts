import type { Firmware } from '@shared/libraries/firmware-library';
import { authFixture } from '@app/test/fixtures';

export const firmware = (Id: number, Version: string, more: Partial<Firmware> = {}): Firmware => ({
  Id,
  Version,
  Filename: `qan_4_${Version}.fota`,
  Release: true,
  FirmwareFlag: 2,
  DeviceType: 4,
  Active: true,
  Created: '2026-03-14T09:05:00.000Z',
  Size: 204_800,
  Sha256: 'cd'.repeat(32),
  ...more,
});

/** Newest first, as `GET AddonBoardFW/` answers. */
export const FIRMWARES: Firmware[] = [
  firmware(3, '4.03.00', { Release: false }),
  firmware(2, '1.02.00', { FirmwareFlag: 1, Filename: 'qan_4_1.02.00.bin', DeviceType: 2 }),
  firmware(1, '4.01.07', { Active: false, FirmwareFlag: 9, Size: null }),
];

export const FLAGS = [
  { Id: 1, Flag: 'Booter' },
  { Id: 2, Flag: 'Application' },
];

export const ADMIN = authFixture({ Id: 1, Role: 'Admin', CustomerId: 1, Email: 'admin@demo.test' });
