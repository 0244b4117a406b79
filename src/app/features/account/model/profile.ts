import type { ProfileInput, UserSaveInput } from '@shared/access/users';

/** Spec 02 §8: after a profile save the user signs in again with what was saved. */
export const NEW_CREDENTIALS_MESSAGE = 'Please login with your new credentials.';

/** The Profile form's first values: the stored address, no new password. */
export const profileValues = (email: string): ProfileInput => ({
  email,
  password: '',
  passwordConf: '',
});

/**
 * Whether saving would change the credentials: another address, or a new password typed. Only
 * then is there something to save (and a sign-in to repeat afterwards).
 */
export const credentialsChanged = (values: ProfileInput, storedEmail: string): boolean =>
  (values.email ?? '').trim() !== storedEmail || (values.password ?? '') !== '';

/**
 * `PUT users/{ownId}` (spec 02 §7): the email, and the password with its confirmation only when
 * one was typed; a blank password keeps the old one, so blank fields are not sent.
 */
export function profileBody(values: ProfileInput): UserSaveInput {
  const email = (values.email ?? '').trim();
  const password = values.password ?? '';
  return password === '' ? { email } : { email, password, passwordConf: values.passwordConf };
}
