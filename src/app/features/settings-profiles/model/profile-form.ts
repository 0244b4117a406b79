import * as v from 'valibot';
import {
  defaultMessage,
  defaultMessageUrl,
  formToBody,
  NEW_SETTINGS_PROFILE,
  profileToForm,
  SettingsProfileFormSchema,
  type SettingsProfile,
  type SettingsProfileForm,
} from '@shared/settings-profiles/settings-profiles';
import type { ProfileBody } from '@app/features/settings-profiles/api/settings-profile-mutations';

/**
 * The wizard's values are the shared form values (booleans for the checkboxes, numbers for
 * selects and seconds); `profileToForm` / `formToBody` (src/shared) are the one place where
 * they meet the API's 'True' / 'False'.
 */

/** The portal's own scheme and host without its port: `{host}` of spec 03 §9's message URL. */
export const messageHost = (at: Pick<Location, 'protocol' | 'hostname'> = window.location) =>
  `${at.protocol}//${at.hostname}`;

/** 'Create SettingsProfile': page 1 and the messages at spec 03 §9's defaults, no name yet. */
export function newProfileValues(host = messageHost()): SettingsProfileForm {
  const url = defaultMessageUrl(host);
  return {
    ...NEW_SETTINGS_PROFILE,
    message0: defaultMessage(0, url),
    message1: defaultMessage(1, url),
    message2: defaultMessage(2, url),
    Name: '',
    CustomerId: null,
  };
}

/** Editing: the stored profile's values. */
export const storedProfileValues = (profile: SettingsProfile): SettingsProfileForm =>
  profileToForm(profile);

/** The body of valid values: parsed by the shared rules (the name trimmed), then converted. */
export const profileBody = (values: SettingsProfileForm): ProfileBody =>
  formToBody(v.parse(SettingsProfileFormSchema, values));

/** Any difference from the start, so leaving asks first (compared by value, not 'touched'). */
export const hasChanges = (values: SettingsProfileForm, start: SettingsProfileForm): boolean =>
  JSON.stringify(values) !== JSON.stringify(start);
