import { describe, expect, it } from 'vitest';
import {
  PROFILE_NAME_TOO_SHORT,
  PROFILE_INTERVAL_MESSAGE,
} from '@shared/settings-profiles/settings-profiles';
import { messageHost, newProfileValues, profileBody } from './profile-form';
import { pageErrors, pageOfField } from './wizard-pages';

describe('the wizard pages', () => {
  const values = newProfileValues('https://portal.example');

  it('checks each page by its own shared schema', () => {
    expect(pageErrors(0, values)).toEqual({});
    expect(pageErrors(1, values)).toEqual({});
    expect(pageErrors(2, values)).toEqual({ Name: PROFILE_NAME_TOO_SHORT });
    expect(pageErrors(0, { ...values, timedMessageInterval: Number.NaN })).toEqual({
      timedMessageInterval: PROFILE_INTERVAL_MESSAGE,
    });
  });

  it("finds the page of a server's field", () => {
    expect(pageOfField('standbyMessageInterval')).toBe(0);
    expect(pageOfField('applicationVersion')).toBe(0);
    expect(pageOfField('message2.endpointID')).toBe(1);
    expect(pageOfField('CustomerId')).toBe(2);
    expect(pageOfField('somethingElse')).toBe(2);
  });

  it("makes the default message URL of the portal's host on port 5000 (spec 03 §9)", () => {
    expect(messageHost({ protocol: 'https:', hostname: 'fleet.example' })).toBe(
      'https://fleet.example',
    );
    expect(values.message1.URL).toBe('https://portal.example:5000/api/v1/devices');
  });

  it('sends the trimmed name and the booleans as text', () => {
    const body = profileBody({ ...values, Name: ' Haul ', iButton: true });
    expect(body).toMatchObject({ Name: 'Haul', iButton: 'True', minuteRuleEnabled: 'True' });
    expect(body.TachoRDLEnabled).toBe('False');
  });
});
