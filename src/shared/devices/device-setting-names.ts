/**
 * The names of a device's configuration values (spec 01 §3). A device's configuration is a flat
 * map SettingName → value text: the top-level config fields and the settings of the forms.
 */

/** Toggles, sent as '1' or '0'. */
export const TOGGLE_SETTINGS = [
  'iButton',
  'PrivateSwitchEnabled',
  'TachoLiveEnabled',
  'TachoRDLEnabled',
  'external5VEnabled',
  'drivingStyleEventsEnabled',
  'outputTogglingEnabled',
  'PTOEnabled',
  'timedIntervalRelativeToSpeed',
  'canWakeupEnabled',
  'highResolutionRecordingEnabled',
  'minuteRuleEnabled',
] as const;

/** Intervals in seconds. */
export const INTERVAL_SETTINGS = [
  'standbyMessageInterval',
  'timedMessageInterval',
  'iButtonClearInterval',
  'chargingMessageInterval',
] as const;

/** Choice settings and their options (value → label). */
export const CHOICE_SETTINGS = {
  Output1Behaviour: { 0: 'OFF', 1: 'DriverID', 2: 'Remote Command' },
  output2Behaviour: { 0: 'OFF', 1: 'DriverID', 2: 'Remote Command' },
  output3Behaviour: { 0: 'OFF', 1: 'DriverID', 2: 'Remote Command' },
  CAN4Purpose: { 0: 'Listen', 1: 'Limp mode', 2: 'FMS gateway' },
  analogInputFunction: { 0: 'Ignition', 1: 'Binary Input' },
  selectedAntenna: { 0: 'Internal', 1: 'External' },
  TachoType: { 0: 'None', 1: 'VDO', 2: 'Stoneridge', 3: 'CAN 3' },
} as const satisfies Record<string, Record<number, string>>;

export const TACHO_RDL_ADDRESS_MIN = 251;
export const TACHO_RDL_ADDRESS_MAX = 254;
/** TachoRDLAdress value meaning "not applicable" (field shown as N/A). */
export const TACHO_RDL_ADDRESS_NONE = '9999';

/** Tacho settings besides TachoType and TachoRDLAdress: whole numbers ≥ 0. */
export const TACHO_NUMBER_SETTINGS = [
  'RTStandbyInterval',
  'RTDatatimeInterval',
  'RTDatadistanceInterval',
  'RCDateTimeInterval',
  'RCDataDistanceInterval',
  'RCDataTriggerMask',
  'TDDataTimeInterval',
  'TDDataDistanceInterval',
  'TDDataTriggerMask',
  'FutureInt1',
  'FutureInt2',
] as const;

const DRIVING_STYLE_THRESHOLDS = [
  'Harshbrake',
  'Longidle',
  'HighAcceleration',
  'OverSpeed',
  'HighRevolutions',
  'HighTorque',
  'HighAccelerationPedal',
] as const;

/** Thresholds, variant 1 (applicationVersion 0): driving-style levels and times. */
export const THRESHOLD_SETTINGS_V1 = [
  ...DRIVING_STYLE_THRESHOLDS,
  ...DRIVING_STYLE_THRESHOLDS.map((name) => `Medium${name}`),
  ...DRIVING_STYLE_THRESHOLDS.map((name) => `Low${name}`),
  'StopSpeed',
  'AccelerationPedalSpeed',
  'OverspeedTime',
  'HighRpmTime',
  'CoastingTime',
];

/** Thresholds, variant 2 (applicationVersion ≠ 0), with their units. */
export const THRESHOLD_SETTINGS_V2 = {
  emergencyBrakeThreshold: 'm/s^2',
  harshAccelerationThreshold: 'm/s^2',
  accelerationThreshold: 'm/s^2',
  deccelerationThreshold: 'm/s^2',
  harshBrakeThreshold: 'm/s^2',
  longitudinalMovementThreshold: 'm/s^2',
  lateralMovementThreshold: 'm/s^2',
  overSpeedThreshold: 'km/h',
  harshBrakeDetectionSpeedThreshold: 'km/h',
  highRPMThreshold: 'rev/min',
  highPedalThreshold: '%',
  coastableDistanceCountingDistanceDelay: 'm',
  cruisableTimeCountingTimeDelay: 's',
  overRPMCountingTimeDelay: 's',
  overSpeedCountingTimeDelay: 's',
  ignitionOffDelay: 's',
  idleTimeDelay: 's',
} as const;

/** Whole numbers ≥ 0 that are not settings of a form: versions and group references. */
export const COUNTER_SETTINGS = [
  'ConfigVersion',
  'applicationVersion',
  'ConfigGroupId',
  'ConfigGroupVersion',
];

/** Free-text configuration values the portal may change (selectors of the Information tab). */
export const TEXT_SETTINGS = ['Firmware', 'ProtocolCode', 'BooterVersion', 'APN'];

export const ENDPOINT_SLOTS = [0, 1, 2] as const;
export const endpointIdSetting = (slot: number) => `endpoint${slot}ID`;
export const endpointJsonSetting = (slot: number) => `endpoint${slot}JSON`;

/** Top-level configuration fields (spec 01 §3 Device config); the rest is the settings list. */
export const CONFIG_FIELDS = [
  'BooterVersion',
  'CAN1Version',
  'CAN2Version',
  'ConfigVersion',
  'ProtocolCode',
  'Firmware',
  'APN',
  'ModemVersion',
  'settingsProfileID',
  'applicationVersion',
  ...ENDPOINT_SLOTS.map(endpointIdSetting),
  ...ENDPOINT_SLOTS.map(endpointJsonSetting),
];
