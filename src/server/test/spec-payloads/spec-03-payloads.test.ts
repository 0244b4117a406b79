import { describe, expect, it } from 'vitest';
import type { CanConfig } from '@shared/libraries/can-library';
import { EMPTY_GUID } from '@shared/devices/constants';
import type { DeviceTestSettings } from '@shared/devices/device-tests';
import type { Firmware } from '@shared/libraries/firmware-library';
import type { SettingsProfile } from '@shared/settings-profiles/settings-profiles';
import { DEFAULT_ENDPOINT_ID, DEFAULT_MESSAGE_URL } from '@server/seed/device-config';
import { ADMIN, customerId, RESELLER, useApiContext } from '@server/test/api';
import { userId } from '@server/test/admin';
import { device4G, groupOf } from '@server/test/device-tests';
import { fileBytes, libraryForm } from '@server/test/library-forms';
import { accepted } from './support';

// Spec 03 §7: each create and update call with its payload exactly as listed.
const api = useApiContext();
const { call } = api;
const ok = <T>(email: string, method: 'POST' | 'PUT' | 'GET', path: string, body?: unknown) =>
  accepted<T>(call, email, method, path, body);

describe('devicetestsettings with { Imei, CustomerId, ConfigurationGroupId, Protocol, UserId }', () => {
  it('saves the settings for the signed-in user whatever UserId says (docs/installation-test.md)', async () => {
    const device = await device4G(api.ctx, 'Hansen Transport');
    const hansen = await customerId(api.ctx, 'Hansen Transport');
    const group = await groupOf(api.ctx, 'Hansen Transport standard');
    const reseller = await userId(api.ctx, RESELLER);
    const payload = {
      Imei: device.imei,
      CustomerId: hansen,
      ConfigurationGroupId: group.id,
      Protocol: device.newConfig.ProtocolCode === 'FMSGEN0008' ? 'VOLVFH4001' : 'FMSGEN0008',
      UserId: 0,
    };
    const created = await ok<DeviceTestSettings>(RESELLER, 'POST', 'devicetestsettings/', payload);
    expect(created).toMatchObject({
      Imei: device.imei,
      UserId: reseller,
      Protocol: payload.Protocol,
    });
    for (const UserId of [null, 2147483648, -1, 'installer', await userId(api.ctx, ADMIN)]) {
      const updated = await ok<DeviceTestSettings>(
        RESELLER,
        'PUT',
        `devicetestsettings/${created.Id}`,
        { ...payload, UserId },
      );
      expect(updated).toMatchObject({ Id: created.Id, UserId: reseller });
    }
  });
});

describe('QTLibrary: canconfig multipart (Id, Protocol, Version, Brand, Name, Active, DeviceType, Config file, Filename)', () => {
  it('creates with the file, updates without one, mass-updates by path (its body as listed)', async () => {
    const fields = {
      Id: 0,
      Protocol: 'SCANR2025',
      Version: '1.0',
      Brand: 'Scania',
      Name: 'R-series 2025 FMS',
      Active: true,
      DeviceType: 4,
    };
    const created = await ok<CanConfig>(
      ADMIN,
      'POST',
      'canconfig/',
      libraryForm(fields, { part: 'Config', name: 'SCANR2025.tlqs', bytes: fileBytes(1024) }),
    );
    const updated = await ok<CanConfig>(
      ADMIN,
      'PUT',
      `canconfig/${created.Id}`,
      libraryForm({ ...fields, Id: created.Id, Version: '1.1', Filename: '' }),
    );
    expect(updated).toMatchObject({ Id: created.Id, Version: '1.1', Protocol: 'SCANR2025' });
    const devices = await ok<number>(ADMIN, 'POST', 'canconfig/massUpdate/SCANR2024/SCANR2025', {
      protocolCode: 'SCANR2024',
      protocolCodeToUpdateTo: 'SCANR2025',
    });
    expect(devices).toBe(0);
  });
});

describe('Firmware: AddonBoardFW multipart and mass updates', () => {
  it('creates (Version, Release, FirmwareFlag, DeviceType, Active, Firmware file, Filename) and updates (Id, …, Firmware and Filename empty)', async () => {
    const fields = {
      Version: '6.01.02',
      Release: true,
      FirmwareFlag: 2,
      DeviceType: 4,
      Active: false,
    };
    const created = await ok<Firmware>(
      ADMIN,
      'POST',
      'AddonBoardFW/',
      libraryForm(fields, {
        part: 'Firmware',
        name: 'qan_4_6.01.02.fota',
        bytes: fileBytes(4096, 9),
      }),
    );
    const updated = await ok<Firmware>(
      ADMIN,
      'PUT',
      `AddonBoardFW/${created.Id}`,
      libraryForm({ Id: created.Id, ...fields, Release: false, Firmware: '', Filename: '' }),
    );
    expect(updated).toMatchObject({ Id: created.Id, Version: '6.01.02', Release: false });
  });

  it('mass-updates a customer by path, its body { customer, firmware } as listed', async () => {
    const active = await ok<Firmware[]>(ADMIN, 'GET', 'AddonBoardFW/active/');
    const application = active.find((f) => f.FirmwareFlag === 2);
    const booter = active.find((f) => f.FirmwareFlag === 1);
    if (!application || !booter) throw new Error('no active demo firmware of both flags');
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    for (const [kind, firmware] of [
      ['MassFirmwareUpdate', application],
      ['MassBooterUpdate', booter],
    ] as const) {
      const answer = await ok<{ Message: string }>(
        ADMIN,
        'POST',
        `AddonBoardFW/${kind}/${atlas}/${firmware.Id}`,
        { customer: atlas, firmware: firmware.Id },
      );
      expect(answer.Message).toEqual(expect.any(String));
    }
  });
});

describe('Settings profiles: the whole profile plus message0Protocol … message2Protocol', () => {
  const message = (index: number, flags: Record<string, number>, endpointID = EMPTY_GUID) => ({
    index,
    URL: DEFAULT_MESSAGE_URL,
    protocol: 1,
    endpointID,
    ...Object.fromEntries(
      [
        'TIME',
        'SOT',
        'EOT',
        'CHG',
        'POR',
        'WAKE',
        'STB',
        'MOV',
        'LOWBV',
        'PZ',
        'DWL',
        'LOG',
        'DS',
        'DIAG',
        'TL',
        'REQ',
      ].map((flag) => [flag, flags[flag] ?? 0]),
    ),
  });
  // Spec 03 §9's defaults, under §3's field names.
  const profile = (Name: string, CustomerId: number | null) => ({
    Id: EMPTY_GUID,
    Name,
    CustomerId,
    BooterVersion: 0,
    applicationVersion: 0,
    iButton: 'False',
    iButtonClearInterval: 300,
    PrivateSwitchEnabled: 'True',
    TachoLiveEnabled: 'False',
    minuteRuleEnabled: 'True',
    TachoRDLEnabled: 'False',
    External5VEnabled: 'True',
    drivingStyleEventsEnabled: 'False',
    outputTogglingEnabled: 'True',
    output1Behaviour: 2,
    output2Behaviour: 1,
    output3Behaviour: 2,
    timedIntervalRelativeToSpeed: 'False',
    highResolutionRecordingEnabled: 'False',
    CANWakeUpEnabled: 'True',
    CAN4Purpose: 0,
    analogInputFunction: 0,
    standbyMessageInterval: 7200,
    timedMessageInterval: 120,
    chargingMessageInterval: 900,
    devices: 0,
    endpoint0ID: DEFAULT_ENDPOINT_ID,
    endpoint1ID: EMPTY_GUID,
    endpoint2ID: EMPTY_GUID,
    message0: message(
      0,
      {
        TIME: 3,
        SOT: 35,
        EOT: 35,
        CHG: 3,
        POR: 1280,
        WAKE: 1280,
        STB: 3,
        LOWBV: 3,
        DS: 163,
        DIAG: 1792,
        REQ: 65535,
      },
      DEFAULT_ENDPOINT_ID,
    ),
    message1: message(1, {}),
    message2: message(2, {}),
    message0Protocol: 1,
    message1Protocol: 1,
    message2Protocol: 1,
  });

  it('creates with POST settingsProfiles/ and updates with POST settingsProfiles/{id}', async () => {
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    const created = await ok<SettingsProfile>(
      ADMIN,
      'POST',
      'settingsProfiles/',
      profile('Atlas night shift', atlas),
    );
    expect(created).toMatchObject({
      Name: 'Atlas night shift',
      CustomerId: atlas,
      iButton: 'False',
    });
    const updated = await ok<SettingsProfile>(ADMIN, 'POST', `settingsProfiles/${created.Id}`, {
      ...profile('Atlas night shift', atlas),
      Id: created.Id,
      timedMessageInterval: 60,
      iButton: 'True',
    });
    expect(updated).toMatchObject({ Id: created.Id, timedMessageInterval: 60, iButton: 'True' });
  });
});
