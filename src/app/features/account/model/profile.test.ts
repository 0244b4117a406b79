import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ProfileSchema, UserSaveSchema } from '@shared/access/users';
import { credentialsChanged, profileBody, profileValues } from './profile';

const STORED = 'user@demo.test';

describe('the Profile form', () => {
  it('starts from the stored address with no new password: nothing to save yet', () => {
    const values = profileValues(STORED);
    expect(values).toEqual({ email: STORED, password: '', passwordConf: '' });
    expect(credentialsChanged(values, STORED)).toBe(false);
    expect(v.safeParse(ProfileSchema, values).success).toBe(true);
  });

  it('counts a new address or a typed password as changed credentials', () => {
    expect(
      credentialsChanged({ ...profileValues(STORED), email: ' user@demo.test ' }, STORED),
    ).toBe(false);
    expect(credentialsChanged({ ...profileValues(STORED), email: 'new@demo.test' }, STORED)).toBe(
      true,
    );
    expect(credentialsChanged({ ...profileValues(STORED), password: 'x' }, STORED)).toBe(true);
  });

  it('sends no password fields when the password is blank, and both when it is typed', () => {
    expect(profileBody({ email: ' new@demo.test ', password: '', passwordConf: '' })).toEqual({
      email: 'new@demo.test',
    });
    const body = profileBody({ email: STORED, password: 'longer-one', passwordConf: 'longer-one' });
    expect(body).toEqual({ email: STORED, password: 'longer-one', passwordConf: 'longer-one' });
    // What the server validates the body with accepts both.
    expect(v.safeParse(UserSaveSchema, body).success).toBe(true);
    expect(v.safeParse(UserSaveSchema, profileBody(profileValues(STORED))).success).toBe(true);
  });
});
