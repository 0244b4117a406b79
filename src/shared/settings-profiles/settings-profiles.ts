import * as v from 'valibot';
import { EMPTY_GUID } from '@shared/devices/constants';
import { isStorableText } from '@shared/devices/device-link';
import { HTTP_PROTOCOL, TCP_PROTOCOL } from '@shared/forwards/endpoints-list';
import { idValue, MAX_SERIAL_ID, UUID_PATTERN } from '@shared/api/ids';
import {
  KEEP_SETTINGS,
  PROFILE_NAME_MAX_LENGTH,
  type SettingsProfile,
} from './settings-profile-answers';
import {
  canonicalMessage,
  EVENT_FLAG_MAX,
  EVENT_FLAG_NAMES,
  fromProfileText,
  MESSAGE_SLOTS,
  PROFILE_CHOICE_NAMES,
  PROFILE_CHOICES,
  PROFILE_INTERVAL_MAX,
  PROFILE_INTERVALS,
  PROFILE_TOGGLE_NAMES,
  toProfileText,
  type EventFlagName,
  type ProfileChoice,
  type ProfileInterval,
  type ProfileMessage,
  type ProfileToggle,
} from './settings-profile-fields';

export * from './settings-profile-fields';
export * from './settings-profile-answers';

/**
 * Settings profiles (spec 03 §2, §3, §7, §9; docs/decisions/042). The contract:
 *
 * - Reads (any signed-in user; shared profiles, CustomerId null, for all, the rest by tenancy):
 *   `GET settingsProfiles/`, `settingsProfiles/customer/{id}`, `settingsProfiles/name/{x}[/{customerId}]`
 *   (Name contains x, any case), `settingsProfiles/{id}` answer `SettingsProfile` rows: page 1
 *   with booleans as 'True' / 'False' and numbers as numbers, `devices` (the caller's devices
 *   whose wanted configuration names the profile), `Firmware` (the applicationVersion
 *   firmware's version, null for 0 = 'No firmware sync'), endpoint{n}ID and message{n}Protocol
 *   copied from message{n}.
 * - Writes (admins): `POST settingsProfiles/` and `POST settingsProfiles/{id}` take
 *   `SettingsProfileBodySchema` (the whole profile; message{n}Protocol, endpoint{n}ID, Id,
 *   Customer, devices, Firmware may be sent and are ignored: each message's own protocol and
 *   endpointID count) and answer the profile. An update re-targets every device using the
 *   profile. `POST settingsProfiles/{id}/preview` takes the same body and answers
 *   `SettingsProfilePreview` without changing anything. `DELETE settingsProfiles/{id}` answers
 *   the removed profile; one in use needs `?devices=keepSettings` (its devices keep their
 *   settings and get no profile), else 400 `{ devices }`.
 * - 400s are `{ errors: { field: message } }` with the form's field names (message0.TIME …).
 * - The wizard holds form values (`SettingsProfileForm`: booleans, numbers), validates each
 *   page with its schema, and converts with `profileToForm` / `formToBody`: the one place
 *   where 'True' / 'False' and booleans meet.
 */

export const SETTINGS_PROFILE_NOT_FOUND = 'Settings profile not found';
export const PROFILE_NAME_TOO_SHORT = 'Name needs to be at least 3 characters.';
export const PROFILE_NAME_TOO_LONG = `Name must be ${PROFILE_NAME_MAX_LENGTH} characters or less`;
export const PROFILE_NAME_NOT_TEXT = 'Name must be text';
export const PROFILE_BOOLEAN_MESSAGE = "Must be 'True' or 'False'";
export const PROFILE_INTERVAL_MESSAGE = `Must be a whole number from 0 to ${PROFILE_INTERVAL_MAX}`;
export const EVENT_FLAG_MESSAGE = `Must be a whole number from 0 to ${EVENT_FLAG_MAX}`;
export const PROFILE_FIRMWARE_MESSAGE = 'Must be a firmware id, or 0 for no firmware sync';
export const MESSAGE_PROTOCOL_MESSAGE = 'Protocol must be 1 (HTTP) or 3 (TCP)';
export const MESSAGE_ENDPOINT_MESSAGE = 'Must be an endpoint id';
export const MESSAGE_URL_MESSAGE = 'URL must be at most 500 characters of storable text';
export const PROFILE_CUSTOMER_MESSAGE = 'Must be a customer id, or null for a shared profile';
export const PROFILE_IN_USE_KEEPS_CUSTOMER = 'A settings profile in use keeps its customer';
export const settingsProfileInUseMessage = (devices: number): string =>
  `This settings profile is used by ${devices} ${devices === 1 ? 'device' : 'devices'}; ` +
  `remove it with devices=${KEEP_SETTINGS} to keep their settings without a profile`;

/** A whole number 0…max from JSON or the form's number field (null empty, NaN text). */
const wholeNumber = (max: number, message: string) =>
  v.pipe(
    v.optional(v.unknown(), null),
    v.check((n) => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= max, message),
    v.transform((n) => n as number),
  );

const choice = (name: ProfileChoice) => {
  const values = Object.keys(PROFILE_CHOICES[name][1]).map(Number);
  return v.pipe(
    v.optional(v.unknown(), null),
    v.check(
      (n) => typeof n === 'number' && values.includes(n),
      `Must be one of ${values.join(', ')}`,
    ),
    v.transform((n) => n as number),
  );
};

const firmwareId = wholeNumber(MAX_SERIAL_ID, PROFILE_FIRMWARE_MESSAGE);

/** Page 1 entries with `toggle` as the schema of a boolean. */
function settingsEntries<T extends v.GenericSchema>(toggle: T) {
  return {
    applicationVersion: firmwareId,
    BooterVersion: firmwareId,
    ...(Object.fromEntries(PROFILE_TOGGLE_NAMES.map((name) => [name, toggle])) as Record<
      ProfileToggle,
      T
    >),
    ...(Object.fromEntries(PROFILE_CHOICE_NAMES.map((name) => [name, choice(name)])) as Record<
      ProfileChoice,
      ReturnType<typeof choice>
    >),
    ...(Object.fromEntries(
      PROFILE_INTERVALS.map((name) => [
        name,
        wholeNumber(PROFILE_INTERVAL_MAX, PROFILE_INTERVAL_MESSAGE),
      ]),
    ) as Record<ProfileInterval, ReturnType<typeof wholeNumber>>),
  };
}

/** A message slot: index is the slot's, endpointID a uuid (lowercased) or the empty GUID. */
const messageSchema = (slot: number) =>
  v.pipe(
    v.object({
      index: v.pipe(
        v.optional(v.unknown(), slot),
        v.check((i) => i === slot, `Must be ${slot}`),
        v.transform(() => slot),
      ),
      URL: v.pipe(
        v.optional(v.string(MESSAGE_URL_MESSAGE), ''),
        v.trim(),
        v.maxLength(500, MESSAGE_URL_MESSAGE),
        v.check(isStorableText, MESSAGE_URL_MESSAGE),
      ),
      protocol: v.pipe(
        v.optional(v.unknown(), null),
        v.check((p) => p === HTTP_PROTOCOL || p === TCP_PROTOCOL, MESSAGE_PROTOCOL_MESSAGE),
        v.transform((p) => p as number),
      ),
      endpointID: v.pipe(
        v.optional(v.string(MESSAGE_ENDPOINT_MESSAGE), EMPTY_GUID),
        v.regex(UUID_PATTERN, MESSAGE_ENDPOINT_MESSAGE),
        v.transform((id) => id.toLowerCase()),
      ),
      ...(Object.fromEntries(
        EVENT_FLAG_NAMES.map((flag) => [flag, wholeNumber(EVENT_FLAG_MAX, EVENT_FLAG_MESSAGE)]),
      ) as Record<EventFlagName, ReturnType<typeof wholeNumber>>),
    }),
    v.transform((m) => canonicalMessage(m as ProfileMessage)),
  );

const messageEntries = {
  message0: messageSchema(0),
  message1: messageSchema(1),
  message2: messageSchema(2),
};

const name = v.pipe(
  v.optional(v.string(PROFILE_NAME_NOT_TEXT), ''),
  v.trim(),
  v.minLength(3, PROFILE_NAME_TOO_SHORT),
  v.maxLength(PROFILE_NAME_MAX_LENGTH, PROFILE_NAME_TOO_LONG),
  v.check(isStorableText, 'Name contains a character that cannot be stored'),
);
const customerId = v.optional(v.nullable(idValue('customer', PROFILE_CUSTOMER_MESSAGE)), null);
const nameEntries = { Name: name, CustomerId: customerId };

// ---- The wizard's pages, over form values ----

/** Page 1 Settings: booleans as checkboxes, numbers for selects and seconds. */
export const SettingsProfileSettingsPageSchema = v.object(settingsEntries(v.boolean()));
/** Page 2: the three message configurations. */
export const SettingsProfileMessagesPageSchema = v.object(messageEntries);
/** Page 3: Name (≥ 3 characters) and the customer (null: shared, admins' choice). */
export const SettingsProfileNamePageSchema = v.object(nameEntries);
/** The whole wizard. */
export const SettingsProfileFormSchema = v.object({
  ...settingsEntries(v.boolean()),
  ...messageEntries,
  ...nameEntries,
});
export type SettingsProfileForm = v.InferOutput<typeof SettingsProfileFormSchema>;

// ---- The API ----

/** A boolean setting in a body: 'True' / 'False' (booleans taken too), stored as the text. */
const profileBoolean = v.pipe(
  v.optional(v.unknown(), null),
  v.check((b) => b === 'True' || b === 'False' || typeof b === 'boolean', PROFILE_BOOLEAN_MESSAGE),
  v.transform((b) => toProfileText(b === true || b === 'True')),
);

/** `POST settingsProfiles/`, `POST settingsProfiles/{id}` and its preview. */
export const SettingsProfileBodySchema = v.object({
  ...settingsEntries(profileBoolean),
  ...messageEntries,
  ...nameEntries,
});
export type SettingsProfileBodyInput = v.InferInput<typeof SettingsProfileBodySchema>;
export type SettingsProfileBody = v.InferOutput<typeof SettingsProfileBodySchema>;

// ---- The one conversion between the API's text and the form's booleans ----

/** The wizard's values of a stored profile. */
export function profileToForm(profile: SettingsProfile): SettingsProfileForm {
  const toggles = Object.fromEntries(
    PROFILE_TOGGLE_NAMES.map((n) => [n, fromProfileText(profile[n])]),
  ) as Record<ProfileToggle, boolean>;
  const numbers = Object.fromEntries(
    [...PROFILE_CHOICE_NAMES, ...PROFILE_INTERVALS].map((n) => [n, profile[n]]),
  ) as Record<ProfileChoice | ProfileInterval, number>;
  const messages = Object.fromEntries(
    MESSAGE_SLOTS.map((slot) => [`message${slot}`, canonicalMessage(profile[`message${slot}`])]),
  ) as Record<'message0' | 'message1' | 'message2', ProfileMessage>;
  return {
    applicationVersion: profile.applicationVersion,
    BooterVersion: profile.BooterVersion,
    ...toggles,
    ...numbers,
    ...messages,
    Name: profile.Name,
    CustomerId: profile.CustomerId,
  };
}

/** The body of create / update for the wizard's values (message{n}Protocol included). */
export function formToBody(form: SettingsProfileForm): SettingsProfileBody & {
  message0Protocol: number;
  message1Protocol: number;
  message2Protocol: number;
} {
  const toggles = Object.fromEntries(
    PROFILE_TOGGLE_NAMES.map((n) => [n, toProfileText(form[n])]),
  ) as Record<ProfileToggle, 'True' | 'False'>;
  return {
    ...form,
    ...toggles,
    message0Protocol: form.message0.protocol,
    message1Protocol: form.message1.protocol,
    message2Protocol: form.message2.protocol,
  };
}
