import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { EMPTY_GUID } from '@shared/devices/constants';
import { settingValueIssue } from '@shared/devices/device-settings';
import {
  clearedMessage,
  defaultMessage,
  formToBody,
  NEW_SETTINGS_PROFILE,
  PROFILE_NAME_TOO_SHORT,
  profileDeviceSettings,
  profileToForm,
  SettingsProfileBodySchema,
  SettingsProfileMessagesPageSchema,
  SettingsProfileNamePageSchema,
  SettingsProfileSettingsPageSchema,
  type SettingsProfile,
} from './settings-profiles';

const url = defaultMessageUrlFor();
function defaultMessageUrlFor() {
  return 'https://portal.example:5000/api/v1/devices';
}
const form = {
  ...NEW_SETTINGS_PROFILE,
  Name: 'Standard',
  CustomerId: null,
  message0: defaultMessage(0, url),
  message1: defaultMessage(1, url),
  message2: defaultMessage(2, url),
};

describe('settings profile rules', () => {
  it('has spec 03 §9’s defaults and default messages', () => {
    expect(v.safeParse(SettingsProfileSettingsPageSchema, NEW_SETTINGS_PROFILE).success).toBe(true);
    expect(form.message0).toMatchObject({ TIME: 3, SOT: 35, POR: 1280, DIAG: 1792, REQ: 65535 });
    expect(form.message2).toMatchObject({ index: 2, protocol: 1, endpointID: EMPTY_GUID, REQ: 0 });
  });

  it('checks each page with its own messages', () => {
    const name = v.safeParse(SettingsProfileNamePageSchema, { Name: ' ab ', CustomerId: null });
    expect(name.issues?.[0]?.message).toBe('Name needs to be at least 3 characters.');
    expect(PROFILE_NAME_TOO_SHORT).toBe('Name needs to be at least 3 characters.');
    const page1 = v.safeParse(SettingsProfileSettingsPageSchema, {
      ...NEW_SETTINGS_PROFILE,
      timedMessageInterval: null,
      CAN4Purpose: 5,
    });
    expect(page1.issues?.map((i) => v.getDotPath(i))).toEqual([
      'CAN4Purpose',
      'timedMessageInterval',
    ]);
    const page2 = v.safeParse(SettingsProfileMessagesPageSchema, {
      ...form,
      message1: { ...form.message1, index: 2, LOG: -1 },
    });
    expect(page2.issues?.map((i) => v.getDotPath(i))).toEqual(['message1.index', 'message1.LOG']);
  });

  it('clears a message’s triggers, keeping URL, index, protocol and endpoint', () => {
    const message = { ...form.message0, endpointID: '5f0c1b7e-3d2a-4c11-9a53-000000000001' };
    expect(clearedMessage(message)).toMatchObject({
      index: 0,
      URL: url,
      protocol: 1,
      endpointID: message.endpointID,
      TIME: 0,
      REQ: 0,
    });
  });

  it('converts booleans and True/False in one place, both ways', () => {
    const body = formToBody({ ...form, iButton: true });
    expect(body).toMatchObject({
      iButton: 'True',
      PrivateSwitchEnabled: 'True',
      TachoLiveEnabled: 'False',
    });
    expect(body.message0Protocol).toBe(1);
    const parsed = v.parse(SettingsProfileBodySchema, { ...body, iButton: false, Id: 'x' });
    expect(parsed.iButton).toBe('False');
    expect('Id' in parsed).toBe(false);
    const profile = {
      ...parsed,
      Id: 'x',
      Customer: null,
      devices: 0,
    } as unknown as SettingsProfile;
    expect(profileToForm(profile)).toMatchObject({ iButton: false, PrivateSwitchEnabled: true });
  });

  it('expands into device settings the device rules accept, under the device’s names', () => {
    const settings = profileDeviceSettings(v.parse(SettingsProfileBodySchema, formToBody(form)), [
      form.message0,
      form.message1,
      form.message2,
    ]);
    expect(settings).toMatchObject({
      iButton: '0',
      external5VEnabled: '1',
      canWakeupEnabled: '1',
      Output1Behaviour: '2',
      standbyMessageInterval: '7200',
      endpoint2ID: EMPTY_GUID,
    });
    for (const [name, value] of Object.entries(settings))
      expect(settingValueIssue(name, value), name).toBeUndefined();
  });
});
