import { EMPTY_GUID } from '@shared/devices/constants';
import type { Endpoint } from '@shared/forwards/endpoints';
import type { Firmware } from '@shared/libraries/firmware-library';
import {
  defaultMessage,
  formToBody,
  NEW_SETTINGS_PROFILE,
  type SettingsProfile,
} from '@shared/settings-profiles/settings-profiles';
import { authFixture, customerFixture } from '@app/test/fixtures';

export const ADMIN = authFixture({ Id: 1, Role: 'Admin', CustomerId: 1, Email: 'admin@demo.test' });
export const VIEWER = authFixture({ Id: 8, Role: 'Viewer', Email: 'viewer@demo.test' });

export const URL_OF_TESTS = 'http://localhost:5000/api/v1/devices';
export const STANDARD_ID = '5f0c6a52-4a53-4c9f-9d3e-1f2a3b4c5d6e';
export const TACHO_ID = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

/** A profile as the API answers it: spec 03 §9's defaults unless `more` says otherwise. */
export function profileFixture(
  Id: string,
  Name: string,
  more: Partial<SettingsProfile> = {},
): SettingsProfile {
  const body = formToBody({
    ...NEW_SETTINGS_PROFILE,
    message0: defaultMessage(0, URL_OF_TESTS),
    message1: defaultMessage(1, URL_OF_TESTS),
    message2: defaultMessage(2, URL_OF_TESTS),
    Name,
    CustomerId: null,
  });
  return {
    ...body,
    Id,
    Customer: null,
    Firmware: null,
    devices: 0,
    endpoint0ID: EMPTY_GUID,
    endpoint1ID: EMPTY_GUID,
    endpoint2ID: EMPTY_GUID,
    ...more,
  };
}

export const STANDARD = profileFixture(STANDARD_ID, 'Standard tracking', { devices: 34 });
export const TACHO = profileFixture(TACHO_ID, 'Atlas tacho live', {
  CustomerId: 3,
  Customer: 'Atlas Freight',
  applicationVersion: 12,
  Firmware: '4.03.02',
  TachoLiveEnabled: 'True',
});
export const PROFILES: SettingsProfile[] = [STANDARD, TACHO];

export const CUSTOMERS = [
  customerFixture(3, 'Atlas Freight'),
  customerFixture(4, 'Hansen Transport'),
];

export const firmwareFixture = (Id: number, Version: string, more: Partial<Firmware> = {}) =>
  ({
    Id,
    Version,
    Filename: `qan_${Version}.fota`,
    Release: true,
    FirmwareFlag: 2,
    DeviceType: 4,
    Active: true,
    Created: '2026-01-10T10:00:00.000Z',
    Size: 2048,
    Sha256: 'ab'.repeat(32),
    ...more,
  }) satisfies Firmware;

export const FIRMWARES: Firmware[] = [
  firmwareFixture(12, '4.03.02'),
  firmwareFixture(11, '4.01.00', { Active: false }),
  firmwareFixture(5, '1.02.00', { FirmwareFlag: 1 }),
];

export const endpointFixture = (Id: string, Name: string, more: Partial<Endpoint> = {}) =>
  ({
    Id,
    CustomerId: null,
    Customer: null,
    Name,
    URL: `https://${Name.toLowerCase().replace(/\W+/g, '-')}.example/api`,
    Protocol: 1,
    Devices: 0,
    ...more,
  }) satisfies Endpoint;

export const TCP_ENDPOINT_ID = '0b6c1f0e-8d1a-4c2e-9a3f-5e6d7c8b9a01';
export const ENDPOINTS: Endpoint[] = [
  endpointFixture('1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', 'Ingest HTTP'),
  endpointFixture(TCP_ENDPOINT_ID, 'Ingest TCP', { Protocol: 3 }),
  endpointFixture('2d3e4f5a-6b7c-4d8e-9fa0-1b2c3d4e5f60', 'Atlas own', { CustomerId: 3 }),
];
