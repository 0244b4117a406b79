import { CHOICE_SETTINGS } from '@shared/devices/device-settings';
import type { Option } from './options';
import { CONFIGURED_VIN_LABEL } from './vin';

export type FieldKind = 'toggle' | 'number' | 'decimal' | 'choice' | 'text';

/** One setting as a form field; the name is the setting name that is sent. */
export interface SettingField {
  name: string;
  label: string;
  kind: FieldKind;
  unit?: string;
  options?: readonly Option[];
  /** Shown, never sent (references kept by other screens). */
  readOnly?: boolean;
  /** Maps a stored value onto the form's (say, the empty GUID onto '' for '--'). */
  normalise?: (value: string) => string;
  /** Applied when the field is left (say, clamping to a range). */
  onBlurValue?: (value: string) => string;
  /** The value means "does not apply": the field is locked and reads N/A. */
  notApplicable?: (value: string) => boolean;
}

export interface FieldSection {
  title: string;
  fields: SettingField[];
  /** Spans the whole width above the other sections (the profile choice). */
  wide?: boolean;
  /** A line under the fields. */
  note?: string;
}

export const toggle = (name: string, label: string): SettingField => ({
  name,
  label,
  kind: 'toggle',
});
export const seconds = (name: string, label: string): SettingField => ({
  name,
  label,
  kind: 'number',
  unit: 's',
});
export const whole = (name: string, label: string): SettingField => ({
  name,
  label,
  kind: 'number',
});
export const choice = (name: keyof typeof CHOICE_SETTINGS, label: string): SettingField => ({
  name,
  label,
  kind: 'choice',
  options: Object.entries(CHOICE_SETTINGS[name]).map(([value, text]) => ({
    value,
    label: text,
  })),
});

/** How a value reads in the applied-value brackets: the label of a choice, On/Off of a toggle. */
export function displayValue(field: SettingField, value: string): string {
  if (field.kind === 'toggle') return value === '1' ? 'On' : value === '0' ? 'Off' : value;
  if (field.options) return field.options.find((o) => o.value === value)?.label ?? value;
  return field.unit ? `${value} ${field.unit}` : value;
}

/** The configured VIN (spec 01 §3: 'VIN is text'); the reported one is the device's state. */
export const VIN_SETTING = 'VIN';

/** The device settings of spec 01 §3, grouped the way an installer goes through them. */
export const DEVICE_SETTING_SECTIONS: FieldSection[] = [
  {
    title: 'Driver and inputs',
    fields: [
      toggle('iButton', 'iButton (DriverID)'),
      seconds('iButtonClearInterval', 'iButton clear interval'),
      toggle('PrivateSwitchEnabled', 'Private switch'),
      toggle('PTOEnabled', 'PTO'),
      choice('analogInputFunction', 'Analog input function'),
      { name: VIN_SETTING, label: CONFIGURED_VIN_LABEL, kind: 'text' },
    ],
  },
  {
    title: 'Messages',
    fields: [
      seconds('standbyMessageInterval', 'Standby message interval'),
      seconds('timedMessageInterval', 'Timed message interval'),
      seconds('chargingMessageInterval', 'Charging message interval'),
      toggle('timedIntervalRelativeToSpeed', 'Timed interval relative to speed'),
      toggle('highResolutionRecordingEnabled', 'High resolution recording'),
      toggle('minuteRuleEnabled', 'Minute rule'),
      toggle('drivingStyleEventsEnabled', 'Driving style events'),
    ],
  },
  {
    title: 'Outputs',
    fields: [
      toggle('outputTogglingEnabled', 'Output toggling'),
      choice('Output1Behaviour', 'Output 1 behaviour'),
      choice('output2Behaviour', 'Output 2 behaviour'),
      choice('output3Behaviour', 'Output 3 behaviour'),
      toggle('external5VEnabled', 'External 5V'),
    ],
  },
  {
    title: 'CAN and tacho',
    fields: [
      toggle('canWakeupEnabled', 'CAN wake-up'),
      choice('CAN4Purpose', 'CAN4 purpose'),
      toggle('TachoLiveEnabled', 'TachoLive'),
      toggle('TachoRDLEnabled', 'Tacho RDL'),
    ],
  },
  { title: 'GNSS', fields: [choice('selectedAntenna', 'GNSS antenna')] },
];

/** The GNSS antenna ignores an applied profile: only viewers may not change it (spec 01 §5). */
export const ANTENNA_SETTING = 'selectedAntenna';
export const PROFILE_SETTING = 'settingsProfileID';
