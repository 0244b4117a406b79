import * as v from 'valibot';
import { EMPTY_GUID, EVENT_FLAGS, OLD_CAN_VERSION_BELOW } from './constants';
import {
  CHOICE_SETTINGS,
  COUNTER_SETTINGS,
  ENDPOINT_SLOTS,
  endpointIdSetting,
  endpointJsonSetting,
  INTERVAL_SETTINGS,
  TACHO_NUMBER_SETTINGS,
  TACHO_RDL_ADDRESS_MAX,
  TACHO_RDL_ADDRESS_MIN,
  TACHO_RDL_ADDRESS_NONE,
  TEXT_SETTINGS,
  THRESHOLD_SETTINGS_V1,
  THRESHOLD_SETTINGS_V2,
  TOGGLE_SETTINGS,
} from './device-setting-names';

export * from './device-setting-names';

/**
 * The rules for device setting values (spec 01 §3, §5): a change is a pending setting
 * `{ SettingName, Value }`. The same rules validate the client's forms and the API.
 */

const WHOLE_NUMBER = /^\d{1,9}$/;
const DECIMAL = /^\d{1,7}(\.\d{1,3})?$/;
const GUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

type Rule = (value: string) => string | undefined;

const oneOf =
  (allowed: readonly string[], message: string): Rule =>
  (value) =>
    allowed.includes(value) ? undefined : message;
const matches =
  (pattern: RegExp, message: string): Rule =>
  (value) =>
    pattern.test(value) ? undefined : message;

export const TOGGLE_MESSAGE = "Must be '1' or '0'";
export const WHOLE_NUMBER_MESSAGE = 'Must be a whole number of 0 or more';
export const TACHO_RDL_ADDRESS_MESSAGE = `Must be ${TACHO_RDL_ADDRESS_MIN} to ${TACHO_RDL_ADDRESS_MAX}, or ${TACHO_RDL_ADDRESS_NONE}`;
export const UNKNOWN_SETTING_MESSAGE = 'Unknown setting';

const wholeNumber = matches(WHOLE_NUMBER, WHOLE_NUMBER_MESSAGE);
const text =
  (max: number): Rule =>
  (value) =>
    value.trim().length === 0 || value.length > max ? `Must be 1 to ${max} characters` : undefined;

/** An endpoint{n}JSON value: a JSON object whose event flags are whole numbers ≥ 0. */
const messageFlagsJson: Rule = (value) => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return 'Must be a JSON object of message flags';
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return 'Must be a JSON object of message flags';
  }
  const record = parsed as Record<string, unknown>;
  const bad = Object.keys(EVENT_FLAGS).find(
    (flag) =>
      flag in record &&
      !(
        Number.isInteger(record[flag]) &&
        (record[flag] as number) >= 0 &&
        (record[flag] as number) <= 0xffff
      ),
  );
  return bad ? `${bad} must be a whole number from 0 to 65535` : undefined;
};

function buildRules(): Map<string, Rule> {
  const rules = new Map<string, Rule>();
  for (const name of TOGGLE_SETTINGS) rules.set(name, oneOf(['1', '0'], TOGGLE_MESSAGE));
  for (const name of [...INTERVAL_SETTINGS, ...TACHO_NUMBER_SETTINGS, ...COUNTER_SETTINGS])
    rules.set(name, wholeNumber);
  for (const [name, options] of Object.entries(CHOICE_SETTINGS)) {
    const values = Object.keys(options);
    rules.set(name, oneOf(values, `Must be one of ${values.join(', ')}`));
  }
  for (const name of [...THRESHOLD_SETTINGS_V1, ...Object.keys(THRESHOLD_SETTINGS_V2)])
    rules.set(name, matches(DECIMAL, 'Must be a number of 0 or more'));
  for (const name of TEXT_SETTINGS) rules.set(name, text(40));
  for (const name of ['CAN1Version', 'CAN2Version']) rules.set(name, wholeNumber);
  rules.set('VIN', (value) => (value.length > 17 ? 'Must be at most 17 characters' : undefined));
  rules.set('TachoRDLAdress', (value) => {
    const n = Number(value);
    const inRange =
      WHOLE_NUMBER.test(value) && n >= TACHO_RDL_ADDRESS_MIN && n <= TACHO_RDL_ADDRESS_MAX;
    return inRange || value === TACHO_RDL_ADDRESS_NONE ? undefined : TACHO_RDL_ADDRESS_MESSAGE;
  });
  // Selecting the profile '--' sends an empty value (spec 01 §5): no profile.
  rules.set('settingsProfileID', (value) =>
    value === '' || GUID.test(value) ? undefined : 'Must be a settings profile id',
  );
  for (const slot of ENDPOINT_SLOTS) {
    rules.set(endpointIdSetting(slot), matches(GUID, 'Must be an endpoint id'));
    rules.set(endpointJsonSetting(slot), messageFlagsJson);
  }
  return rules;
}

const SETTING_RULES = buildRules();

/** Every setting name the portal may send. */
export const SETTING_NAMES: readonly string[] = [...SETTING_RULES.keys()];

/** Why `value` is not acceptable for `name`, or undefined when it is. */
export function settingValueIssue(name: string, value: string): string | undefined {
  const rule = SETTING_RULES.get(name);
  return rule ? rule(value) : UNKNOWN_SETTING_MESSAGE;
}

/** The settings-profile value that means "no profile" (empty text or the all-zero GUID). */
export const isNoProfile = (value: string | undefined): boolean => !value || value === EMPTY_GUID;

/** Device type 2 with a CAN version below 2207000 may not change protocol code or firmware. */
export function isOldCan(deviceType: number, ...canVersions: (string | undefined)[]): boolean {
  return (
    deviceType === 2 &&
    canVersions.some((version) => {
      const n = Number(version);
      return (
        version !== undefined && version !== '' && Number.isFinite(n) && n < OLD_CAN_VERSION_BELOW
      );
    })
  );
}

// Missing fields read as empty so they get the field's own message.
const SettingNameSchema = v.pipe(
  v.optional(v.string('Setting name is required'), ''),
  v.trim(),
  v.nonEmpty('Setting name is required'),
  v.maxLength(80, 'Unknown setting'),
);
const SettingValueSchema = v.pipe(
  v.optional(v.union([v.string(), v.number()], 'Value must be text'), ''),
  v.transform(String),
  v.maxLength(2000, 'Value is too long'),
);

/** `{ SettingName, Value }` with the value checked by `issueOf` for its (known) name. */
function settingSchema(issueOf: (name: string, value: string) => string | undefined) {
  const issueOfInput = (input: unknown) => {
    const s = input as { SettingName: string; Value: string };
    return issueOf(s.SettingName, s.Value);
  };
  return v.pipe(
    v.object({ SettingName: SettingNameSchema, Value: SettingValueSchema }),
    v.forward(
      v.check(
        (s) => !SETTING_RULES.has(s.SettingName) || issueOfInput(s) === undefined,
        (issue) => issueOfInput(issue.input) ?? 'Invalid value',
      ),
      ['Value'],
    ),
    v.forward(
      v.check((s) => SETTING_RULES.has(s.SettingName), UNKNOWN_SETTING_MESSAGE),
      ['SettingName'],
    ),
  );
}

/** One pending setting; the value is checked against the rule of its name. */
export const SettingSchema = settingSchema(settingValueIssue);
export type SettingInput = v.InferOutput<typeof SettingSchema>;

/** `POST|PUT devices/settings/{imei}`: a batch of pending settings. */
export const SettingsListSchema = v.object({
  SettingsList: v.pipe(
    v.optional(v.array(SettingSchema, 'SettingsList must be a list of settings'), []),
    v.minLength(1, 'No settings to save'),
    v.maxLength(200, 'At most 200 settings at once'),
  ),
});
export type SettingsListInput = v.InferOutput<typeof SettingsListSchema>;

/** The edit dialog's stricter choices (spec 01 §5); TachoType words map to the numeric codes. */
const TACHO_TYPE_WORDS: Record<string, string> = { vdo: '1', stoneridge: '2', '0': '0' };
const EDIT_TOGGLES = new Set(['iButton', 'PrivateSwitchEnabled', 'TachoLiveEnabled']);
export const TACHO_TYPE_EDIT_MESSAGE = "TachoType must be 'vdo', 'stoneridge' or '0'";

export function editValueIssue(name: string, value: string): string | undefined {
  if (name === 'TachoType')
    // Own words only: 'constructor' is in every object.
    return Object.hasOwn(TACHO_TYPE_WORDS, value.toLowerCase())
      ? undefined
      : TACHO_TYPE_EDIT_MESSAGE;
  if (EDIT_TOGGLES.has(name)) return value === '0' || value === '1' ? undefined : TOGGLE_MESSAGE;
  return settingValueIssue(name, value);
}

/** `PUT devices/settings/{id}`: edit one pending setting (the settings-history edit dialog). */
export const SettingEditSchema = v.pipe(
  settingSchema(editValueIssue),
  v.transform((s) =>
    s.SettingName === 'TachoType'
      ? { ...s, Value: TACHO_TYPE_WORDS[s.Value.toLowerCase()] ?? s.Value }
      : s,
  ),
);
export type SettingEditInput = v.InferOutput<typeof SettingEditSchema>;

/**
 * `PUT devices/settings/{key}` carries either body: a SettingsList for the device with IMEI
 * {key}, or one `{ SettingName, Value }` for the setting with id {key}. The body's shape picks
 * the schema, so errors name the fields of the form that was meant.
 */
export const SettingsPutSchema = v.pipe(
  v.looseObject({}, 'Body must be an object'),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const input = dataset.value;
    const result =
      'SettingsList' in input
        ? v.safeParse(SettingsListSchema, input)
        : v.safeParse(SettingEditSchema, input);
    if (result.success) return result.output;
    for (const issue of result.issues) {
      const path = issue.path;
      addIssue({
        message: issue.message,
        ...(path?.length ? { path: [path[0], ...path.slice(1)] } : {}),
      });
    }
    return NEVER;
  }),
  v.description('Either { SettingsList: [{ SettingName, Value }] } or { SettingName, Value }'),
);
