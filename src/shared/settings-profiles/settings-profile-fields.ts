import { EMPTY_GUID } from '@shared/devices/constants';
import {
  CHOICE_SETTINGS,
  endpointIdSetting,
  endpointJsonSetting,
} from '@shared/devices/device-setting-names';
import { EVENT_FLAG_NAMES, zeroFlagValues, type EventFlagName } from '@shared/devices/event-flags';

/**
 * The fields of a settings profile (spec 03 §2, §3, §9) and how each reaches a device (spec 01
 * §3): the profile names some settings differently from the device (External5VEnabled →
 * external5VEnabled, CANWakeUpEnabled → canWakeupEnabled, output1Behaviour →
 * Output1Behaviour), holds booleans as the text 'True' / 'False', and its message
 * configurations become the device's endpoint{n}ID / endpoint{n}JSON settings, exactly what
 * the Endpoints tab writes. Contract and schemas: settings-profiles.ts.
 */

/** Checkboxes of wizard page 1: profile field → [device setting, the wizard's label]. */
export const PROFILE_TOGGLES = {
  iButton: ['iButton', 'DriverID'],
  PrivateSwitchEnabled: ['PrivateSwitchEnabled', 'InputEvents'],
  TachoLiveEnabled: ['TachoLiveEnabled', 'TachoLive'],
  TachoRDLEnabled: ['TachoRDLEnabled', 'Tacho RDL'],
  External5VEnabled: ['external5VEnabled', 'External5V'],
  drivingStyleEventsEnabled: ['drivingStyleEventsEnabled', 'DrivingStyleEvents'],
  outputTogglingEnabled: ['outputTogglingEnabled', 'OutputToggling'],
  timedIntervalRelativeToSpeed: ['timedIntervalRelativeToSpeed', 'TimedIntervalRelativeToSpeed'],
  highResolutionRecordingEnabled: ['highResolutionRecordingEnabled', 'HighResolutionRecording'],
  CANWakeUpEnabled: ['canWakeupEnabled', 'CANWakeUp'],
  minuteRuleEnabled: ['minuteRuleEnabled', 'MinuteRule'],
} as const;
export type ProfileToggle = keyof typeof PROFILE_TOGGLES;
export const PROFILE_TOGGLE_NAMES = Object.keys(PROFILE_TOGGLES) as ProfileToggle[];

/** Selects of page 1: profile field → [device setting, its options (value → label)]. */
export const PROFILE_CHOICES = {
  output1Behaviour: ['Output1Behaviour', CHOICE_SETTINGS.Output1Behaviour],
  output2Behaviour: ['output2Behaviour', CHOICE_SETTINGS.output2Behaviour],
  output3Behaviour: ['output3Behaviour', CHOICE_SETTINGS.output3Behaviour],
  CAN4Purpose: ['CAN4Purpose', CHOICE_SETTINGS.CAN4Purpose],
  analogInputFunction: ['analogInputFunction', CHOICE_SETTINGS.analogInputFunction],
} as const;
export type ProfileChoice = keyof typeof PROFILE_CHOICES;
export const PROFILE_CHOICE_NAMES = Object.keys(PROFILE_CHOICES) as ProfileChoice[];

/** Numeric fields of page 1, in seconds (same names on the device). */
export const PROFILE_INTERVALS = [
  'standbyMessageInterval',
  'timedMessageInterval',
  'iButtonClearInterval',
  'chargingMessageInterval',
] as const;
export type ProfileInterval = (typeof PROFILE_INTERVALS)[number];
/** The device's own limit for these settings (nine digits). */
export const PROFILE_INTERVAL_MAX = 999_999_999;

/** applicationVersion / BooterVersion: a firmware id, 0 meaning no firmware sync. */
export const NO_FIRMWARE_SYNC = 0;
export const NO_FIRMWARE_SYNC_LABEL = 'No firmware sync';

// ---- 'True' / 'False': the one conversion (spec 03 §3) ----

export type ProfileBooleanText = 'True' | 'False';
export const PROFILE_TRUE: ProfileBooleanText = 'True';
export const PROFILE_FALSE: ProfileBooleanText = 'False';
/** true → 'True'. */
export const toProfileText = (on: boolean): ProfileBooleanText => (on ? 'True' : 'False');
/** 'True' → true; anything else (only 'False' passes the schemas) → false. */
export const fromProfileText = (text: string): boolean => text === 'True';
/** The device's toggle value of a profile boolean: '1' or '0' (spec 01 §3). */
export const deviceToggleOf = (text: string): '1' | '0' => (fromProfileText(text) ? '1' : '0');

// ---- Message configurations ----

// The flags themselves (names, labels, chapter bits) are the device's: event-flags.ts.
export { EVENT_FLAG_NAMES, type EventFlagName };
/** The largest value of a flag's chapter bitmask. */
export const EVENT_FLAG_MAX = 0xffff;
export const MESSAGE_SLOTS = [0, 1, 2] as const;
export type MessageSlot = (typeof MESSAGE_SLOTS)[number];

/** The wizard's table columns (spec 03 §2) over the message's flags. */
export const MESSAGE_COLUMNS: readonly { flag: EventFlagName; label: string }[] = [
  { flag: 'TIME', label: 'Time' },
  { flag: 'SOT', label: 'TripStart' },
  { flag: 'EOT', label: 'TripEnd' },
  { flag: 'CHG', label: 'Charge' },
  { flag: 'POR', label: 'Power' },
  { flag: 'WAKE', label: 'Wake' },
  { flag: 'STB', label: 'Standby' },
  { flag: 'MOV', label: 'Move' },
  { flag: 'LOWBV', label: 'LowBV' },
  { flag: 'PZ', label: 'IO' },
  { flag: 'DWL', label: 'Unauth' },
  { flag: 'LOG', label: 'Login' },
  { flag: 'DS', label: 'DriveStyle' },
  { flag: 'DIAG', label: 'Diag' },
  { flag: 'TL', label: 'TachoLive' },
  { flag: 'REQ', label: 'Request' },
];

/** A profile message (spec 03 §3): index, URL, protocol, endpointID and the trigger values. */
export type ProfileMessage = {
  index: number;
  URL: string;
  protocol: number;
  endpointID: string;
} & Record<EventFlagName, number>;

/** Default message 0 of spec 03 §9 (messages 1 and 2 are all zeros). */
export const DEFAULT_MESSAGE_0_FLAGS: Record<EventFlagName, number> = {
  ...zeroFlagValues(),
  TIME: 3,
  SOT: 35,
  EOT: 35,
  CHG: 3,
  POR: 1280,
  WAKE: 1280,
  STB: 3,
  LOWBV: 3,
  DS: 163,
  DIAG: 1792,
  REQ: 65535,
};

/** `{host}:5000/api/v1/devices` (spec 03 §9); `host` e.g. 'https://portal.example'. */
export const defaultMessageUrl = (host: string): string => `${host}:5000/api/v1/devices`;

/** The default message of a slot: protocol 1, no endpoint, §9's flags. */
export const defaultMessage = (index: number, url: string): ProfileMessage => ({
  index,
  URL: url,
  protocol: 1,
  endpointID: EMPTY_GUID,
  ...(index === 0 ? DEFAULT_MESSAGE_0_FLAGS : zeroFlagValues()),
});

/** The message with its keys in one order, so equal messages give equal endpoint{n}JSON text. */
export const canonicalMessage = (message: ProfileMessage): ProfileMessage => ({
  index: message.index,
  URL: message.URL,
  protocol: message.protocol,
  endpointID: message.endpointID,
  ...(Object.fromEntries(EVENT_FLAG_NAMES.map((flag) => [flag, message[flag]])) as Record<
    EventFlagName,
    number
  >),
});

/** The wizard's Clear: every trigger to zero, URL, index, protocol and endpoint kept. */
export const clearedMessage = (message: ProfileMessage): ProfileMessage => ({
  ...message,
  ...zeroFlagValues(),
});

// ---- Defaults (spec 03 §9) ----

/** Page 1 of a new profile, as form values. */
export const NEW_SETTINGS_PROFILE = {
  applicationVersion: NO_FIRMWARE_SYNC,
  BooterVersion: NO_FIRMWARE_SYNC,
  iButton: false,
  PrivateSwitchEnabled: true,
  TachoLiveEnabled: false,
  TachoRDLEnabled: false,
  External5VEnabled: true,
  drivingStyleEventsEnabled: false,
  outputTogglingEnabled: true,
  timedIntervalRelativeToSpeed: false,
  highResolutionRecordingEnabled: false,
  CANWakeUpEnabled: true,
  minuteRuleEnabled: true,
  output1Behaviour: 2,
  output2Behaviour: 1,
  output3Behaviour: 2,
  CAN4Purpose: 0,
  analogInputFunction: 0,
  iButtonClearInterval: 300,
  standbyMessageInterval: 7200,
  timedMessageInterval: 120,
  chargingMessageInterval: 900,
} as const satisfies Record<ProfileToggle | ProfileChoice | ProfileInterval, unknown> &
  Record<'applicationVersion' | 'BooterVersion', number>;

// ---- What a device gets ----

/** The stored profile's settings: page 1 as the API holds them ('True'/'False', numbers). */
export type ProfileSettingValues = Record<ProfileToggle, ProfileBooleanText> &
  Record<ProfileChoice | ProfileInterval, number>;

/** Page 1's settings out of a body (or anything holding them), nothing else. */
export function pickProfileSettings(values: ProfileSettingValues): ProfileSettingValues {
  const out: Record<string, unknown> = {};
  for (const name of [...PROFILE_TOGGLE_NAMES, ...PROFILE_CHOICE_NAMES, ...PROFILE_INTERVALS])
    out[name] = values[name];
  return out as ProfileSettingValues;
}

/**
 * The device settings a profile makes (SettingName → Value text), besides the firmware, which
 * depends on the device's type (the server adds it): page 1 under the device's names, each
 * message as endpoint{n}ID and endpoint{n}JSON. Written once; the server lays this over one
 * device on assignment and over every device of the profile when it changes.
 */
export function profileDeviceSettings(
  settings: ProfileSettingValues,
  messages: readonly ProfileMessage[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of PROFILE_TOGGLE_NAMES)
    out[PROFILE_TOGGLES[name][0]] = deviceToggleOf(settings[name]);
  for (const name of PROFILE_CHOICE_NAMES) out[PROFILE_CHOICES[name][0]] = String(settings[name]);
  for (const name of PROFILE_INTERVALS) out[name] = String(settings[name]);
  for (const message of messages) {
    out[endpointIdSetting(message.index)] = message.endpointID;
    out[endpointJsonSetting(message.index)] = JSON.stringify(canonicalMessage(message));
  }
  return out;
}
