import type { CanConfig } from '@shared/libraries/can-library';
import { authFixture } from '@app/test/fixtures';

export const canConfig = (
  Id: number,
  Protocol: string,
  more: Partial<CanConfig> = {},
): CanConfig => ({
  Id,
  Protocol,
  Version: '2.1',
  Brand: 'Volvo',
  Name: 'Volvo FH',
  Active: true,
  DeviceType: 4,
  Filename: `${Protocol}_4.tlqs`,
  Size: 1229,
  Sha256: 'ab'.repeat(32),
  ...more,
});

export const LIBRARY: CanConfig[] = [
  canConfig(1, 'VOLVO01'),
  canConfig(2, 'SCANIA02', { Brand: 'Scania', Name: 'Scania R', DeviceType: 2, Size: null }),
  canConfig(3, 'DAF0003', { Brand: 'DAF', Name: 'DAF XF', Active: false, Filename: null }),
];

export const ADMIN = authFixture({ Id: 1, Role: 'Admin', CustomerId: 1, Email: 'admin@demo.test' });
export const USER = authFixture();
