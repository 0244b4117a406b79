import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EMPTY_GUID } from '@shared/devices/constants';
import type { DeviceDetail } from '@shared/devices/devices';
import {
  canonicalMessage,
  defaultMessage,
  PROFILE_IN_USE_KEEPS_CUSTOMER,
  settingsProfileInUseMessage,
  type SettingsProfile,
  type SettingsProfileForm,
  type SettingsProfilePreview,
} from '@shared/settings-profiles/settings-profiles';
import { selectRows } from '@server/db/client';
import { DEFAULT_MESSAGE_URL } from '@server/seed/device-config';
import { ADMIN, USER, deviceRecord, syncedDeviceOf } from '@server/test/api';
import { profileBody, useSettingsProfilesApi } from '@server/test/settings-profiles';
import { PROFILE_OF_ANOTHER_CUSTOMER } from '@server/modules/device-settings/setting-references';

const { api, customers, send, errorsOf, pendingOf, applyAll } = useSettingsProfilesApi();

/** An in-sync device of Atlas Freight no test of this file used yet. */
const used = new Set<number>();
async function freshAtlasDevice() {
  for (let n = 0; ; n++) {
    const device = await syncedDeviceOf(api.ctx, 'Atlas Freight', n);
    if (!used.has(device.id)) {
      used.add(device.id);
      return device;
    }
  }
}
const atlasEndpoint = async () =>
  (await send<{ Id: string; CustomerId: number | null }[]>(USER, 'GET', 'endpoints/')).find(
    (e) => e.CustomerId === customers.atlas,
  )?.Id ?? '';

const createProfile = (changes: Partial<SettingsProfileForm>) =>
  send<SettingsProfile>(ADMIN, 'POST', 'settingsProfiles/', profileBody(changes));
const assign = (imei: string, profileId: string) =>
  send<DeviceDetail>(USER, 'POST', `devices/settings/${imei}`, {
    SettingsList: [{ SettingName: 'settingsProfileID', Value: profileId }],
  });

describe('a profile on a device', () => {
  it('makes the profile’s differing settings and messages pending with the assignment', async () => {
    const endpoint = await atlasEndpoint();
    const profile = await createProfile({
      Name: 'Atlas night',
      CustomerId: customers.atlas,
      iButton: true,
      timedMessageInterval: 60,
      message1: { ...defaultMessage(1, DEFAULT_MESSAGE_URL), endpointID: endpoint, TIME: 1 },
    });
    const device = await freshAtlasDevice();
    const detail = await assign(device.imei, profile.Id);
    const message1 = JSON.stringify(canonicalMessage(profile.message1));
    expect(await pendingOf(device.id)).toEqual([
      ['settingsProfileID', profile.Id],
      ['endpoint1ID', endpoint],
      ['endpoint1JSON', message1],
      ['iButton', '1'],
      ['timedMessageInterval', '60'],
    ]);
    expect(detail.InSync).toBe(false);
    expect(detail.NewConfig.settingsProfileID).toBe(profile.Id);
    expect(detail.NewConfig.endpoint1ID).toBe(endpoint);
    expect(detail.NewConfig.message1).toMatchObject({ index: 1, TIME: 1, endpointID: endpoint });

    // '--' sends the empty value: the profile goes, nothing else changes.
    await applyAll([device.id]);
    await send(USER, 'POST', `devices/settings/${device.imei}`, {
      SettingsList: [{ SettingName: 'settingsProfileID', Value: '' }],
    });
    expect(await pendingOf(device.id)).toEqual([['settingsProfileID', '']]);
  });

  it('refuses another customer’s profile for a device', async () => {
    const profile = await createProfile({
      Name: 'NordTrack only',
      CustomerId: customers.nordtrack,
    });
    const device = await freshAtlasDevice();
    const errors = await errorsOf(ADMIN, 'POST', `devices/settings/${device.imei}`, {
      SettingsList: [{ SettingName: 'settingsProfileID', Value: profile.Id }],
    });
    expect(errors).toEqual({ 'SettingsList.0.Value': PROFILE_OF_ANOTHER_CUSTOMER });
  });

  it('syncs the application firmware on devices of a type that has the version', async () => {
    const [row] = await selectRows<{
      id: number;
      imei: string;
      firmware_id: number;
      version: string;
    }>(
      api.ctx.database.db,
      sql`select d.id, d.imei, f.id as firmware_id, f.version from devices d
        join customers c on c.id = d.customer_id and c.name = 'Atlas Freight'
        join firmwares f on f.device_type = d.device_type and f.firmware_flag = 2
          and f.version <> d.firmware
        where d.device_type = 4 and d.in_sync order by d.id desc limit 1`,
    );
    if (!row) throw new Error('no 4G device of Atlas Freight');
    const profile = await createProfile({
      Name: 'Atlas firmware',
      CustomerId: customers.atlas,
      applicationVersion: row.firmware_id,
    });
    expect(profile.Firmware).toBe(row.version);
    await assign(row.imei, profile.Id);
    expect(await pendingOf(row.id)).toContainEqual(['Firmware', row.version]);
  });
});

describe('updating a profile re-targets its devices', () => {
  it('previews, then makes only the changed settings pending on every device using it', async () => {
    const form = { Name: 'Atlas retarget', CustomerId: customers.atlas };
    const profile = await createProfile(form);
    const devices = [await freshAtlasDevice(), await freshAtlasDevice()];
    for (const device of devices) await assign(device.imei, profile.Id);
    await applyAll(devices.map((d) => d.id));
    const path = `settingsProfiles/${profile.Id}`;
    const changed = profileBody({ ...form, timedMessageInterval: 90, TachoLiveEnabled: true });

    const [offline] = await selectRows<{ n: number }>(
      api.ctx.database.db,
      sql`select count(*)::int as n from devices where id in (${devices[0]?.id}, ${devices[1]?.id})
        and (last_msg is null or last_msg < now() - interval '24 hours')`,
    );
    expect(await send<SettingsProfilePreview>(ADMIN, 'POST', `${path}/preview`, changed)).toEqual({
      using: 2,
      devices: 2,
      offline: offline?.n,
      settings: ['TachoLiveEnabled', 'timedMessageInterval'],
    });
    expect(await pendingOf(devices[0]?.id ?? 0)).toEqual([]);

    const updated = await send<SettingsProfile>(ADMIN, 'POST', path, changed);
    expect(updated).toMatchObject({
      devices: 2,
      timedMessageInterval: 90,
      TachoLiveEnabled: 'True',
    });
    for (const device of devices) {
      expect(await pendingOf(device.id)).toEqual([
        ['TachoLiveEnabled', '1'],
        ['timedMessageInterval', '90'],
      ]);
      const record = await deviceRecord(api.ctx, device.id);
      expect(record.inSync).toBe(false);
      expect(record.newConfig).toMatchObject({ timedMessageInterval: '90', TachoLiveEnabled: '1' });
    }
    // Saving it again changes nothing more.
    await send(ADMIN, 'POST', path, changed);
    expect(await pendingOf(devices[1]?.id ?? 0)).toHaveLength(2);
    expect(await errorsOf(ADMIN, 'POST', path, { ...changed, CustomerId: null })).toEqual({
      CustomerId: PROFILE_IN_USE_KEEPS_CUSTOMER,
    });
  });

  it('sends what the update changes, not the values it keeps', async () => {
    const form = { Name: 'Atlas delta', CustomerId: customers.atlas, timedMessageInterval: 60 };
    const profile = await createProfile(form);
    const device = await freshAtlasDevice();
    await assign(device.imei, profile.Id);
    await applyAll([device.id]);
    // A value the profile keeps, changed on the device since: the update leaves it alone.
    await send(USER, 'POST', `devices/settings/${device.imei}`, {
      SettingsList: [{ SettingName: 'standbyMessageInterval', Value: '600' }],
    });
    await applyAll([device.id]);
    const path = `settingsProfiles/${profile.Id}`;
    const changed = profileBody({ ...form, timedMessageInterval: 30 });
    expect(await send<SettingsProfilePreview>(ADMIN, 'POST', `${path}/preview`, changed)).toEqual(
      expect.objectContaining({ using: 1, devices: 1, settings: ['timedMessageInterval'] }),
    );
    await send(ADMIN, 'POST', path, changed);
    expect(await pendingOf(device.id)).toEqual([['timedMessageInterval', '30']]);
    expect((await deviceRecord(api.ctx, device.id)).newConfig.standbyMessageInterval).toBe('600');
  });
});

describe('removing a profile in use', () => {
  it('asks for keepSettings, then leaves its devices their settings and no profile', async () => {
    const profile = await createProfile({ Name: 'Atlas leaving', CustomerId: customers.atlas });
    const device = await freshAtlasDevice();
    await assign(device.imei, profile.Id);
    await applyAll([device.id]);
    const path = `settingsProfiles/${profile.Id}`;
    expect(await errorsOf(ADMIN, 'DELETE', path)).toEqual({
      devices: settingsProfileInUseMessage(1),
    });
    expect((await api.call(ADMIN, 'DELETE', `${path}?devices=everything`)).statusCode).toBe(400);
    const removed = await send<SettingsProfile>(ADMIN, 'DELETE', `${path}?devices=keepSettings`);
    expect(removed).toMatchObject({ Id: profile.Id, devices: 1 });
    expect(await pendingOf(device.id)).toEqual([['settingsProfileID', '']]);
    const record = await deviceRecord(api.ctx, device.id);
    expect(record.newConfig.settingsProfileID).toBe('');
    // No profile wanted any more: the overlay names none ('').
    expect(record.overlayProfileId).toBe('');
    expect(record.newConfig.timedMessageInterval).toBe(record.currentConfig.timedMessageInterval);
    expect(EMPTY_GUID).not.toBe(profile.Id);
  });
});
