import * as v from 'valibot';
import { idParam, idParams } from '@shared/api/ids';
import {
  EVENT_FLAG_NAMES,
  PROFILE_CHOICE_NAMES,
  PROFILE_INTERVALS,
  PROFILE_TOGGLE_NAMES,
  type EventFlagName,
  type ProfileChoice,
  type ProfileInterval,
  type ProfileToggle,
} from './settings-profile-fields';

/** What the settings-profile routes answer and take in paths (contract: settings-profiles.ts). */

export const PROFILE_NAME_MAX_LENGTH = 100;
export const KEEP_SETTINGS = 'keepSettings';

const MessageAnswerSchema = v.object({
  index: v.number(),
  URL: v.string(),
  protocol: v.number(),
  endpointID: v.string(),
  ...(Object.fromEntries(EVENT_FLAG_NAMES.map((flag) => [flag, v.number()])) as Record<
    EventFlagName,
    v.NumberSchema<undefined>
  >),
});
const booleanText = v.picklist(['True', 'False']);

/** A settings profile as the API answers it (spec 03 §3). */
export const SettingsProfileSchema = v.object({
  Id: v.string(),
  Name: v.string(),
  /** Null: shared with every customer. */
  CustomerId: v.nullable(v.number()),
  Customer: v.nullable(v.string()),
  /** Firmware ids; 0: no firmware sync. */
  applicationVersion: v.number(),
  BooterVersion: v.number(),
  /** The applicationVersion firmware's version; null for 0 ('No firmware sync'). */
  Firmware: v.nullable(v.string()),
  ...(Object.fromEntries(PROFILE_TOGGLE_NAMES.map((n) => [n, booleanText])) as Record<
    ProfileToggle,
    typeof booleanText
  >),
  ...(Object.fromEntries(
    [...PROFILE_CHOICE_NAMES, ...PROFILE_INTERVALS].map((n) => [n, v.number()]),
  ) as Record<ProfileChoice | ProfileInterval, v.NumberSchema<undefined>>),
  devices: v.pipe(
    v.number(),
    v.description('Devices in the caller’s scope whose wanted configuration names the profile'),
  ),
  endpoint0ID: v.string(),
  endpoint1ID: v.string(),
  endpoint2ID: v.string(),
  message0: MessageAnswerSchema,
  message1: MessageAnswerSchema,
  message2: MessageAnswerSchema,
  message0Protocol: v.number(),
  message1Protocol: v.number(),
  message2Protocol: v.number(),
});
export type SettingsProfile = v.InferOutput<typeof SettingsProfileSchema>;
export const SettingsProfileListSchema = v.array(SettingsProfileSchema);

/** `POST settingsProfiles/{id}/preview`: what saving this body would do to the devices. */
export const SettingsProfilePreviewSchema = v.object({
  /** Devices whose wanted configuration names the profile. */
  using: v.number(),
  /** Of them, the devices that would get at least one pending setting. */
  devices: v.number(),
  /** Of those, the ones not heard from in 24 hours (they get it when they next connect). */
  offline: v.number(),
  /** The device settings that would change on at least one device, sorted. */
  settings: v.array(v.string()),
});
export type SettingsProfilePreview = v.InferOutput<typeof SettingsProfilePreviewSchema>;

export const SettingsProfileIdParamsSchema = idParams('id', 'settingsProfile');
export const SettingsProfileNameParamsSchema = v.object({
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(PROFILE_NAME_MAX_LENGTH)),
});
export const SettingsProfileNameOfCustomerParamsSchema = v.object({
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(PROFILE_NAME_MAX_LENGTH)),
  customerId: idParam('customer'),
});
/** `DELETE settingsProfiles/{id}?devices=keepSettings`: needed when devices use it. */
export const SettingsProfileDeleteQuerySchema = v.object({
  devices: v.optional(v.picklist([KEEP_SETTINGS], `Must be ${KEEP_SETTINGS}`)),
});
