import { EMPTY_GUID } from '@shared/devices/constants';
import type { DeviceConfig, DeviceDetail } from '@shared/devices/devices';

const settingsOf = (values: Record<string, string>) =>
  Object.entries(values)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([SettingName, Value]) => ({ SettingName, Value }));

export const BASE_SETTINGS: Record<string, string> = {
  iButton: '0',
  timedMessageInterval: '120',
  standbyMessageInterval: '7200',
  selectedAntenna: '0',
  TachoType: '1',
  TachoRDLAdress: '253',
};

export function configFixture(
  overrides: Partial<DeviceConfig> = {},
  settings: Record<string, string> = {},
): DeviceConfig {
  return {
    BooterVersion: '1.05.00',
    CAN1Version: '2301003',
    CAN2Version: '2301003',
    ConfigVersion: '11',
    ProtocolCode: 'VOLVFH4001',
    Firmware: '4.02.01',
    APN: 'em',
    ModemVersion: 'BG96MAR02A07M1G',
    settingsProfileID: EMPTY_GUID,
    endpoint0ID: EMPTY_GUID,
    endpoint1ID: EMPTY_GUID,
    endpoint2ID: EMPTY_GUID,
    message0: null,
    message1: null,
    message2: null,
    applicationVersion: 1,
    settings: settingsOf({ ...BASE_SETTINGS, ...settings }),
    ...overrides,
  };
}

/** A device as `GET devices/{id}` answers it; in sync unless the configs say otherwise. */
export function deviceFixture(overrides: Partial<DeviceDetail> = {}): DeviceDetail {
  return {
    Id: 42,
    IMEI: '358528110000005',
    SN: 'SN100000',
    Hardware: 'HW 4.2',
    DeviceType: 4,
    DeviceName: 'QAN-ALL 4G',
    Firmware: '4.02.01',
    Protocol: 'VOLVFH4001',
    ProtocolName: 'FH4 FMS',
    ProtocolBrand: 'Volvo',
    ProtocolCode: 'VOLVFH4001',
    ConfigurationGroup: 'Default',
    ConfigurationGroupId: 1,
    ICCID: '8931203936458983994',
    APN: 'em',
    InSync: true,
    LastMsg: '2026-11-22T06:11:54.063Z',
    LastDownload: null,
    RTDInterval: 24,
    Note: null,
    Name: null,
    Customer: 'Atlas Freight',
    CustomerId: 5,
    BooterVersion: '1.05.00',
    CAN1Version: '2301003',
    CAN2Version: '2301003',
    CurrentConfig: configFixture(),
    NewConfig: configFixture(),
    State: { IMEI: '358528110000005', LastMsg: null, VIN: 'WDB5LGP46V9LWBX5D' },
    Tacho: { Latest: null, Request: null },
    ...overrides,
  };
}
