import type { DeviceTestResult, DeviceTestSettings } from '@shared/devices/device-tests';

export function resultFixture(
  id: number,
  overrides: Partial<DeviceTestResult> = {},
): DeviceTestResult {
  return {
    Id: id,
    CustomerName: 'Hansen Transport',
    IMEI: `3585281100${String(id).padStart(5, '0')}`,
    UserEmail: 'installer@demo.test',
    TimeStamp: '2026-11-20T09:15:00.000Z',
    ValidConnection: true,
    ValidTimeStamp: true,
    ValidIGNState: true,
    ValidPosition: true,
    ValidOdo: true,
    ValidVIN: true,
    ValidIbutton: true,
    ValidIO1State: true,
    TestResult: 'TEST OK',
    LAT: 52.370216,
    LON: 4.895168,
    SatCount: 9,
    Odo: 412345,
    VIN: 'YV2RT40A8KB123456',
    IbuttonActive: true,
    Ibutton: '01A2B3C4D5E6F700',
    PrivateSwitchActive: false,
    ...overrides,
  };
}

export function settingsFixture(
  id: number,
  imei: string,
  overrides: Partial<DeviceTestSettings> = {},
): DeviceTestSettings {
  return {
    Id: id,
    Imei: imei,
    CustomerId: 4,
    ConfigurationGroupId: 1,
    Protocol: 'VOLVFH4001',
    CanProtocol: 'VOLVFH4001',
    UserId: 7,
    IsActive: false,
    ...overrides,
  };
}
