import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EMPTY_GUID } from '@shared/devices/constants';
import { UUID_MESSAGE } from '@shared/api/ids';
import {
  EVENT_FLAG_MESSAGE,
  MESSAGE_PROTOCOL_MESSAGE,
  PROFILE_BOOLEAN_MESSAGE,
  PROFILE_INTERVAL_MESSAGE,
  PROFILE_NAME_TOO_SHORT,
  SETTINGS_PROFILE_NOT_FOUND,
  type SettingsProfile,
} from '@shared/settings-profiles/settings-profiles';
import { selectRows } from '@server/db/client';
import { DEFAULT_ENDPOINT_ID, STANDARD_PROFILE_ID } from '@server/seed/device-config';
import { ADMIN, RESELLER, USER, VIEWER } from '@server/test/api';
import { profileBody, useSettingsProfilesApi } from '@server/test/settings-profiles';
import { ENDPOINT_OF_ANOTHER_CUSTOMER, UNKNOWN_APPLICATION_FIRMWARE } from './service';

const { api, customers, send, ok, errorsOf } = useSettingsProfilesApi();
const names = (list: SettingsProfile[]) => list.map((p) => p.Name);

describe('settings profile writes', () => {
  it('lets admins create, update and delete; answers the profile as spec 03 §3 has it', async () => {
    const created = await send<SettingsProfile>(
      ADMIN,
      'POST',
      'settingsProfiles/',
      profileBody({ Name: '  Night shift ', CustomerId: customers.atlas, iButton: true }),
    );
    expect(created).toMatchObject({
      Name: 'Night shift',
      CustomerId: customers.atlas,
      Customer: 'Atlas Freight',
      applicationVersion: 0,
      BooterVersion: 0,
      Firmware: null,
      iButton: 'True',
      PrivateSwitchEnabled: 'True',
      TachoLiveEnabled: 'False',
      output1Behaviour: 2,
      standbyMessageInterval: 7200,
      devices: 0,
      endpoint0ID: DEFAULT_ENDPOINT_ID,
      endpoint1ID: EMPTY_GUID,
      message0Protocol: 1,
    });
    expect(created.message0).toMatchObject({ index: 0, TIME: 3, DS: 163, REQ: 65535 });
    expect(created.message1).toMatchObject({ index: 1, TIME: 0, REQ: 0 });

    const path = `settingsProfiles/${created.Id}`;
    const updated = await send<SettingsProfile>(
      ADMIN,
      'POST',
      path,
      profileBody({ Name: 'Night shift', CustomerId: customers.atlas, timedMessageInterval: 60 }),
    );
    expect(updated).toMatchObject({ Id: created.Id, timedMessageInterval: 60, iButton: 'False' });
    expect(await ok<SettingsProfile>(USER, path)).toEqual(updated);

    expect(await send<SettingsProfile>(ADMIN, 'DELETE', path)).toEqual(updated);
    expect((await api.call(ADMIN, 'GET', path)).statusCode).toBe(404);
  });

  it('refuses writes to every other role, Viewers included', async () => {
    const body = profileBody({ Name: 'Not mine', CustomerId: customers.atlas });
    const path = `settingsProfiles/${STANDARD_PROFILE_ID}`;
    for (const email of [USER, RESELLER, VIEWER]) {
      expect((await api.call(email, 'POST', 'settingsProfiles/', body)).statusCode).toBe(403);
      expect((await api.call(email, 'POST', path, body)).statusCode).toBe(403);
      expect((await api.call(email, 'POST', `${path}/preview`, body)).statusCode).toBe(403);
      expect((await api.call(email, 'DELETE', path)).statusCode).toBe(403);
    }
  });

  it('answers 400 with the field messages, the name rule in the spec’s words', async () => {
    const body = profileBody();
    const errors = await errorsOf(ADMIN, 'POST', 'settingsProfiles/', {
      ...body,
      Name: 'ab',
      iButton: 'yes',
      standbyMessageInterval: -1,
      CAN4Purpose: 3,
      message1: { ...body.message1, TIME: 70000, protocol: 2 },
    });
    expect(errors).toEqual({
      Name: PROFILE_NAME_TOO_SHORT,
      iButton: PROFILE_BOOLEAN_MESSAGE,
      standbyMessageInterval: PROFILE_INTERVAL_MESSAGE,
      CAN4Purpose: 'Must be one of 0, 1, 2',
      'message1.protocol': MESSAGE_PROTOCOL_MESSAGE,
      'message1.TIME': EVENT_FLAG_MESSAGE,
    });
    expect(PROFILE_NAME_TOO_SHORT).toBe('Name needs to be at least 3 characters.');
    expect(await errorsOf(ADMIN, 'POST', 'settingsProfiles/', {})).toMatchObject({
      Name: PROFILE_NAME_TOO_SHORT,
    });
  });

  it('checks the firmware and that endpoints are shared or the profile customer’s', async () => {
    const foreign = (
      await ok<{ Id: string; CustomerId: number | null }[]>(RESELLER, 'endpoints/')
    ).find((e) => e.CustomerId === customers.nordtrack)?.Id;
    const body = profileBody({ CustomerId: customers.atlas, applicationVersion: 999999 });
    expect(
      await errorsOf(ADMIN, 'POST', 'settingsProfiles/', {
        ...body,
        message2: { ...body.message2, endpointID: foreign },
      }),
    ).toEqual({
      applicationVersion: UNKNOWN_APPLICATION_FIRMWARE,
      'message2.endpointID': ENDPOINT_OF_ANOTHER_CUSTOMER,
    });
  });

  it('answers 404 for a missing profile and 400 for a malformed id', async () => {
    const missing = `settingsProfiles/${EMPTY_GUID.replace(/0$/, '9')}`;
    for (const [method, body] of [
      ['POST', profileBody()],
      ['DELETE', undefined],
    ] as const) {
      const response = await api.call(ADMIN, method, missing, body);
      expect(response.statusCode).toBe(404);
      expect(response.json<{ message: string }>().message).toBe(SETTINGS_PROFILE_NOT_FOUND);
    }
    expect((await api.call(ADMIN, 'GET', 'settingsProfiles/nope')).json()).toEqual({
      errors: { id: UUID_MESSAGE },
    });
  });
});

describe('settings profile reads', () => {
  it('lists shared profiles and the scope’s own; another tenant’s is 404', async () => {
    const own = await send<SettingsProfile>(
      ADMIN,
      'POST',
      'settingsProfiles/',
      profileBody({ Name: 'Atlas depot', CustomerId: customers.atlas }),
    );
    expect(names(await ok(USER, 'settingsProfiles/'))).toContain('Atlas depot');
    expect(names(await ok(VIEWER, 'settingsProfiles/'))).toContain('Atlas depot');
    expect(names(await ok(RESELLER, 'settingsProfiles/'))).not.toContain('Atlas depot');
    expect((await api.call(RESELLER, 'GET', `settingsProfiles/${own.Id}`)).statusCode).toBe(404);
    expect(
      (await api.call(USER, 'GET', `settingsProfiles/customer/${customers.nordtrack}`)).statusCode,
    ).toBe(404);
    const ofAtlas = await ok<SettingsProfile[]>(
      ADMIN,
      `settingsProfiles/customer/${customers.atlas}`,
    );
    expect(ofAtlas.every((p) => p.CustomerId === null || p.CustomerId === customers.atlas)).toBe(
      true,
    );
  });

  it('searches Name (contains, any case), optionally within a customer', async () => {
    expect(names(await ok(USER, 'settingsProfiles/name/STANDARD'))).toEqual(['Standard tracking']);
    expect(names(await ok(USER, 'settingsProfiles/name/depot'))).toEqual(['Atlas depot']);
    expect(names(await ok(RESELLER, 'settingsProfiles/name/depot'))).toEqual([]);
    expect(names(await ok(ADMIN, `settingsProfiles/name/depot/${customers.nordtrack}`))).toEqual(
      [],
    );
    expect(names(await ok(ADMIN, `settingsProfiles/name/%25/${customers.atlas}`))).toEqual([]);
    expect(
      (await api.call(USER, 'GET', `settingsProfiles/name/depot/${customers.nordtrack}`))
        .statusCode,
    ).toBe(404);
  });

  it('counts the devices whose wanted configuration names the profile, in the scope', async () => {
    const all = (await ok<SettingsProfile[]>(ADMIN, 'settingsProfiles/')).find(
      (p) => p.Id === STANDARD_PROFILE_ID,
    );
    const mine = (await ok<SettingsProfile[]>(USER, 'settingsProfiles/')).find(
      (p) => p.Id === STANDARD_PROFILE_ID,
    );
    const [expected] = await selectRows<{ every: number; atlas: number }>(
      api.ctx.database.db,
      sql`select count(*)::int as every,
          count(*) filter (where customer_id = ${customers.atlas})::int as atlas
        from devices
        where (current_config || config_overlay) ->> 'settingsProfileID' = ${STANDARD_PROFILE_ID}`,
    );
    expect(expected?.every).toBeGreaterThan(0);
    expect(all?.devices).toBe(expected?.every);
    expect(mine?.devices).toBe(expected?.atlas);
  });
});
