import { describe, expect, it } from 'vitest';
import { EMPTY_GUID } from '@shared/devices/constants';
import type { SettingsProfile } from '@shared/forwards/endpoints';
import type { CanConfig, Firmware } from '@shared/libraries/libraries';
import { configFixture, deviceFixture } from '@app/features/device-detail/test/device-fixture';
import { firmwareLocked, firmwareOptions, hasOldCan, protocolOptions } from './options';

const can = (Protocol: string, DeviceType: number): CanConfig => ({
  Id: Protocol.length + DeviceType,
  Protocol,
  Version: '2.1',
  Brand: 'Volvo',
  Name: 'FH4',
  Active: true,
  DeviceType,
  Filename: null,
  Size: null,
  Sha256: null,
});

const firmware = (Version: string, DeviceType: number, FirmwareFlag: number): Firmware => ({
  Id: Number(Version.replace(/\D/g, '')) + FirmwareFlag,
  Version,
  Filename: null,
  Size: null,
  Sha256: null,
  Release: true,
  FirmwareFlag,
  DeviceType,
  Active: true,
  Created: '2026-11-01T06:20:43.499Z',
});

describe('protocolOptions', () => {
  const library = [can('AAA', 2), can('BBB', 4), can('AAA', 4), can('CCC', 4)];

  it('lists the protocols of the device type only', () => {
    expect(protocolOptions(library, 4, 'BBB').map((o) => o.value)).toEqual(['BBB', 'AAA', 'CCC']);
    expect(protocolOptions(library, 4, 'BBB')[0]?.label).toBe('BBB – Volvo FH4');
  });

  it("adds a 'CurrentVersion' entry for a current protocol that is not listed", () => {
    const options = protocolOptions(library, 2, 'ZZZ');
    expect(options[0]).toEqual({ value: 'ZZZ', label: 'CurrentVersion: ZZZ' });
    expect(options.map((o) => o.value)).toEqual(['ZZZ', 'AAA']);
  });
});

describe('firmwareOptions', () => {
  it('lists booter and application firmware of the device type with the created date', () => {
    const list = [
      firmware('4.03.00', 4, 2),
      firmware('1.05.00', 4, 1),
      firmware('4.03.01', 4, 3),
      firmware('4.02.00', 2, 2),
    ];
    expect(firmwareOptions(list, 4, '4.03.00')).toEqual([
      { value: '4.03.00', label: '4.03.00 – Application – 01-11-2026' },
      { value: '1.05.00', label: '1.05.00 – Booter – 01-11-2026' },
    ]);
  });

  it('keeps an unlisted current version selectable', () => {
    expect(firmwareOptions([], 4, '4.01.00')).toEqual([{ value: '4.01.00', label: '4.01.00' }]);
  });
});

describe('old CAN rule (spec 01 §5)', () => {
  const withCan = (DeviceType: number, CAN1Version: string, CAN2Version = '2301003') =>
    deviceFixture({ DeviceType, CurrentConfig: configFixture({ CAN1Version, CAN2Version }) });

  it('applies to device type 2 with a CAN version below 2207000', () => {
    expect(hasOldCan(withCan(2, '2203011'))).toBe(true);
    expect(hasOldCan(withCan(2, '2301003', '2105004'))).toBe(true);
    expect(hasOldCan(withCan(2, '2207000'))).toBe(false);
    expect(hasOldCan(withCan(4, '2105004'))).toBe(false);
  });
});

describe('firmwareLocked', () => {
  const profile = (Id: string, applicationVersion: number) =>
    ({ Id, Name: Id, applicationVersion }) as SettingsProfile;
  const withProfile = (id: string) =>
    deviceFixture({ NewConfig: configFixture({ settingsProfileID: id }) });

  it('locks firmware while the selected profile has an application version other than 0', () => {
    const profiles = [profile('p-sync', 3), profile('p-none', 0)];
    expect(firmwareLocked(withProfile('p-sync'), profiles)).toBe(true);
    expect(firmwareLocked(withProfile('p-none'), profiles)).toBe(false);
    expect(firmwareLocked(withProfile(EMPTY_GUID), profiles)).toBe(false);
  });
});
