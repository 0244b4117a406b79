import { describe, expect, it } from 'vitest';
import { EMPTY_GUID } from '@shared/devices/constants';
import { appliedPair, changedSettings, changeIssue, initialValues } from './changes';
import type { SettingField } from './setting-fields';
import { seconds, toggle } from './setting-fields';

const profile: SettingField = {
  name: 'settingsProfileID',
  label: 'Settings profile',
  kind: 'choice',
  normalise: (v) => (v === EMPTY_GUID ? '' : v),
};
const fields = [
  seconds('timedMessageInterval', 'Timed'),
  toggle('iButton', 'iButton'),
  profile,
  { name: 'ConfigGroupId', label: 'ConfigGroupId', kind: 'number', readOnly: true } as const,
];
const pending = {
  timedMessageInterval: '60',
  iButton: '0',
  settingsProfileID: EMPTY_GUID,
  ConfigGroupId: '4',
};

describe('settings form changes', () => {
  const initial = initialValues(fields, pending);

  it('starts from the pending values, normalised per field', () => {
    expect(initial).toEqual({
      timedMessageInterval: '60',
      iButton: '0',
      settingsProfileID: '',
      ConfigGroupId: '4',
    });
  });

  it('sends only what changed, never a read-only field', () => {
    const values = { ...initial, iButton: '1', ConfigGroupId: '9', settingsProfileID: '' };
    expect(changedSettings(fields, initial, values)).toEqual([
      { SettingName: 'iButton', Value: '1' },
    ]);
  });

  it("sends '--' as an empty profile value", () => {
    const withProfile = initialValues(fields, { ...pending, settingsProfileID: 'abc' });
    expect(changedSettings(fields, withProfile, { ...withProfile, settingsProfileID: '' })).toEqual(
      [{ SettingName: 'settingsProfileID', Value: '' }],
    );
  });

  it('judges changed values by the shared rules only', () => {
    const [timed] = fields;
    if (!timed) throw new Error('no field');
    expect(changeIssue(timed, initial, '60')).toBeUndefined();
    expect(changeIssue(timed, initial, '6x')).toBe('Must be a whole number of 0 or more');
  });

  it('compares applied and pending values normalised', () => {
    expect(
      appliedPair(profile, { settingsProfileID: '' }, { settingsProfileID: EMPTY_GUID }),
    ).toEqual({ pending: '', applied: '' });
  });
});
