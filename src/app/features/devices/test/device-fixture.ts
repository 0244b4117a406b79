import type { Device } from '@shared/devices/devices';

/** A device of the list (`devices/chunk/` and friends), for tests and the list benchmark. */
export function deviceFixture(id: number, overrides: Partial<Device> = {}): Device {
  return {
    Id: id,
    IMEI: `3585281100${String(id).padStart(5, '0')}`,
    SN: `SN${100000 + id}`,
    Hardware: 'HW 4.2',
    DeviceType: 4,
    DeviceName: 'QAN-ALL 4G',
    Firmware: '4.02.01',
    Protocol: 'IVECSW0006',
    ProtocolName: 'S-Way',
    ProtocolBrand: 'Iveco',
    ProtocolCode: 'IVECSW0006',
    ConfigurationGroup: 'Default',
    ConfigurationGroupId: 1,
    ICCID: '8931203936458983994',
    APN: 'em',
    InSync: true,
    LastMsg: '2026-11-22T06:11:03.774Z',
    LastDownload: null,
    RTDInterval: 15,
    Note: null,
    Name: null,
    Customer: 'Hansen Transport',
    CustomerId: 3,
    BooterVersion: null,
    CAN1Version: null,
    CAN2Version: null,
    ...overrides,
  };
}
