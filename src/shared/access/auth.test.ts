import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { EMAIL_INVALID, EMAIL_REQUIRED, LoginSchema, PASSWORD_REQUIRED } from './auth';
import { toFieldErrors } from '@shared/api/validation';

const errorsOf = (input: unknown) => {
  const result = v.safeParse(LoginSchema, input);
  return result.success ? {} : toFieldErrors(result.issues);
};

describe('LoginSchema', () => {
  it('accepts a valid login and trims the email', () => {
    const result = v.parse(LoginSchema, { Email: ' admin@demo.test ', Password: 'x' });
    expect(result.Email).toBe('admin@demo.test');
  });

  it('requires both fields', () => {
    expect(errorsOf({ Email: '', Password: '' })).toEqual({
      Email: EMAIL_REQUIRED,
      Password: PASSWORD_REQUIRED,
    });
    expect(errorsOf({})).toEqual({ Email: EMAIL_REQUIRED, Password: PASSWORD_REQUIRED });
  });

  it('validates the email type', () => {
    expect(errorsOf({ Email: 'not-an-email', Password: 'x' })).toEqual({ Email: EMAIL_INVALID });
  });
});
