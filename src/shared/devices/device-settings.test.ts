import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  isOldCan,
  SETTING_NAMES,
  SettingEditSchema,
  SettingSchema,
  SettingsPutSchema,
  settingValueIssue,
  TACHO_RDL_ADDRESS_MESSAGE,
  TACHO_TYPE_EDIT_MESSAGE,
  TOGGLE_MESSAGE,
  UNKNOWN_SETTING_MESSAGE,
} from './device-settings';
import { ModemRequestCreateSchema, DeviceSearchParamsSchema } from './devices';
import { toFieldErrors } from '@shared/api/validation';

const errorsOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? {} : toFieldErrors(result.issues);
};

describe('setting value rules (spec 01 §3, §5)', () => {
  it.each([
    ['iButton', '1', undefined],
    ['iButton', '0', undefined],
    ['minuteRuleEnabled', 'True', TOGGLE_MESSAGE],
    ['timedMessageInterval', '120', undefined],
    ['timedMessageInterval', '-1', 'Must be a whole number of 0 or more'],
    ['timedMessageInterval', '1.5', 'Must be a whole number of 0 or more'],
    ['Output1Behaviour', '2', undefined],
    ['output3Behaviour', '3', 'Must be one of 0, 1, 2'],
    ['CAN4Purpose', '2', undefined],
    ['analogInputFunction', '2', 'Must be one of 0, 1'],
    ['selectedAntenna', '1', undefined],
    ['TachoType', '3', undefined],
    ['TachoRDLAdress', '251', undefined],
    ['TachoRDLAdress', '254', undefined],
    ['TachoRDLAdress', '9999', undefined],
    ['TachoRDLAdress', '250', TACHO_RDL_ADDRESS_MESSAGE],
    ['TachoRDLAdress', '255', TACHO_RDL_ADDRESS_MESSAGE],
    ['harshBrakeThreshold', '4.5', undefined],
    ['MediumHarshbrake', '6', undefined],
    ['settingsProfileID', '', undefined],
    ['settingsProfileID', 'abc', 'Must be a settings profile id'],
    ['endpoint2ID', '00000000-0000-0000-0000-000000000000', undefined],
    ['endpoint0JSON', '{"TIME":3,"URL":"x"}', undefined],
    ['endpoint0JSON', '[1]', 'Must be a JSON object of message flags'],
    ['VIN', 'YV2RT40A5HB123456', undefined],
    ['Colour', 'red', UNKNOWN_SETTING_MESSAGE],
  ])('%s = %j → %s', (name, value, issue) => {
    expect(settingValueIssue(name, value)).toBe(issue);
  });

  it('knows every setting of spec 01 §3', () => {
    expect(SETTING_NAMES).toEqual(
      expect.arrayContaining([
        'PTOEnabled',
        'canWakeupEnabled',
        'RCDataTriggerMask',
        'idleTimeDelay',
        'ConfigGroupVersion',
      ]),
    );
  });

  it('reports issues on the field of the schema', () => {
    expect(errorsOf(SettingSchema, { SettingName: 'iButton', Value: '2' })).toEqual({
      Value: TOGGLE_MESSAGE,
    });
    expect(errorsOf(SettingSchema, { SettingName: 'x', Value: '2' })).toEqual({
      SettingName: UNKNOWN_SETTING_MESSAGE,
    });
    expect(v.parse(SettingSchema, { SettingName: 'timedMessageInterval', Value: 60 })).toEqual({
      SettingName: 'timedMessageInterval',
      Value: '60',
    });
  });
});

describe('setting edit dialog (spec 01 §5)', () => {
  it('accepts vdo, stoneridge or 0 for TachoType and stores the numeric code', () => {
    expect(v.parse(SettingEditSchema, { SettingName: 'TachoType', Value: 'VDO' }).Value).toBe('1');
    expect(
      v.parse(SettingEditSchema, { SettingName: 'TachoType', Value: 'stoneridge' }).Value,
    ).toBe('2');
    expect(v.parse(SettingEditSchema, { SettingName: 'TachoType', Value: '0' }).Value).toBe('0');
    expect(errorsOf(SettingEditSchema, { SettingName: 'TachoType', Value: '3' })).toEqual({
      Value: TACHO_TYPE_EDIT_MESSAGE,
    });
  });

  it('accepts only 0 or 1 for iButton, PrivateSwitchEnabled and TachoLiveEnabled', () => {
    for (const SettingName of ['iButton', 'PrivateSwitchEnabled', 'TachoLiveEnabled']) {
      expect(errorsOf(SettingEditSchema, { SettingName, Value: '1' })).toEqual({});
      expect(errorsOf(SettingEditSchema, { SettingName, Value: 'on' })).toEqual({
        Value: TOGGLE_MESSAGE,
      });
    }
  });

  it('PUT body: a SettingsList or one setting, with the errors of the one meant', () => {
    expect(
      errorsOf(SettingsPutSchema, { SettingsList: [{ SettingName: 'iButton', Value: '7' }] }),
    ).toEqual({
      'SettingsList.0.Value': TOGGLE_MESSAGE,
    });
    expect(errorsOf(SettingsPutSchema, { SettingName: 'TachoType', Value: 'x' })).toEqual({
      Value: TACHO_TYPE_EDIT_MESSAGE,
    });
    expect(errorsOf(SettingsPutSchema, {})).toEqual({ SettingName: 'Setting name is required' });
  });
});

describe('other device rules', () => {
  it('marks device type 2 with a CAN version below 2207000 as old CAN', () => {
    expect(isOldCan(2, '2203011', '2207012')).toBe(true);
    expect(isOldCan(2, '2207012', '2301003')).toBe(false);
    expect(isOldCan(4, '2105004', '2105004')).toBe(false);
  });

  it('needs a modem command of at least 3 characters and CommandType 20', () => {
    expect(v.parse(ModemRequestCreateSchema, { Command: 'abc' })).toEqual({
      Command: 'abc',
      CommandType: 20,
    });
    expect(
      Object.keys(errorsOf(ModemRequestCreateSchema, { Command: 'ab', CommandType: 21 })),
    ).toEqual(['Command', 'CommandType']);
  });

  it("reads the search's customer segment 'null' as none", () => {
    expect(
      v.parse(DeviceSearchParamsSchema, { filter: 'IMEI', text: ' 123 ', customer: 'null' }),
    ).toEqual({
      filter: 'IMEI',
      text: '123',
      customer: undefined,
    });
    expect(
      v.parse(DeviceSearchParamsSchema, { filter: 'SN', text: 'a', customer: '7' }).customer,
    ).toBe(7);
  });
});
