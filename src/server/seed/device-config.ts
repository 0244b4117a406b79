import { EMPTY_GUID } from '@shared/devices/constants';
import { endpointJsonSetting } from '@shared/devices/device-setting-names';
import type { SettingValue } from '@shared/devices/devices';
import {
  defaultMessage,
  type ProfileMessage,
} from '@shared/settings-profiles/settings-profile-fields';
import type { Random } from './random';

/** The provider's shared ingest endpoint and settings profile, with fixed ids for the demo. */
export const DEFAULT_ENDPOINT_ID = '5f0c1b7e-3d2a-4c11-9a53-000000000001';
export const STANDARD_PROFILE_ID = '8d7e6f50-1a2b-4c3d-8e9f-000000000001';
export const DEFAULT_MESSAGE_URL = 'https://ingest.fleetportal.example:5000/api/v1/devices';

/** CAN protocols of the demo library: [protocol code, brand, name, device types]. */
export const CAN_PROTOCOLS = [
  ['VOLVFH4001', 'Volvo', 'FH4 FMS', [1, 2, 4]],
  ['SCANR20002', 'Scania', 'R-series 2020', [2, 4]],
  ['DAFXF10603', 'DAF', 'XF 106', [2, 4]],
  ['MANTGX0004', 'MAN', 'TGX Euro 6', [1, 4]],
  ['MBACT50005', 'Mercedes-Benz', 'Actros MP5', [2, 4]],
  ['IVECSW0006', 'Iveco', 'S-Way', [4]],
  ['RENTT00007', 'Renault', 'T-range', [1, 2, 4]],
  ['FMSGEN0008', 'Generic', 'FMS standard', [1, 2, 4]],
] as const;
/** Listed but switched off: no demo device uses them. */
export const INACTIVE_CAN_PROTOCOLS = [['DAFLF00009', 'DAF', 'LF 2015', [2, 4]]] as const;

export const APPLICATION_VERSIONS = ['4.02.01', '4.03.00', '4.03.02'];
export const BOOTER_VERSIONS = ['1.04.02', '1.05.00'];
export const RETIRED_APPLICATION_VERSION = '4.01.00';
const CAN_VERSIONS = ['2105004', '2203011', '2207012', '2301003'];
const APNS = ['internet.m2m', 'iot.1nce.net', 'em', 'm2m.business'];
const MODEMS = ['EG91EXGAR08A05M1G', 'BG96MAR02A07M1G', 'LE910C4-EU 25.30.224'];

/** Settings-profile defaults of spec 03 §9, under the device setting names of spec 01 §3. */
export const DEFAULT_SETTINGS: Record<string, string> = {
  iButton: '0',
  iButtonClearInterval: '300',
  PrivateSwitchEnabled: '1',
  TachoLiveEnabled: '0',
  minuteRuleEnabled: '1',
  TachoRDLEnabled: '0',
  external5VEnabled: '1',
  drivingStyleEventsEnabled: '0',
  outputTogglingEnabled: '1',
  Output1Behaviour: '2',
  output2Behaviour: '1',
  output3Behaviour: '2',
  timedIntervalRelativeToSpeed: '0',
  highResolutionRecordingEnabled: '0',
  canWakeupEnabled: '1',
  PTOEnabled: '0',
  CAN4Purpose: '0',
  analogInputFunction: '0',
  selectedAntenna: '0',
  standbyMessageInterval: '7200',
  timedMessageInterval: '120',
  chargingMessageInterval: '900',
};

const TACHO_SETTINGS: Record<string, string> = {
  RTStandbyInterval: '3600',
  RTDatatimeInterval: '60',
  RTDatadistanceInterval: '1000',
  RCDateTimeInterval: '86400',
  RCDataDistanceInterval: '0',
  RCDataTriggerMask: '0',
  TDDataTimeInterval: '300',
  TDDataDistanceInterval: '5000',
  TDDataTriggerMask: '7',
  FutureInt1: '0',
  FutureInt2: '0',
};

/** Driving-style thresholds (variant 1), high / medium / low levels. */
const LEVELS: Record<string, [number, number, number]> = {
  Harshbrake: [8, 6, 4],
  Longidle: [600, 300, 180],
  HighAcceleration: [6, 4, 3],
  OverSpeed: [95, 90, 85],
  HighRevolutions: [2200, 1900, 1700],
  HighTorque: [95, 85, 75],
  HighAccelerationPedal: [95, 85, 75],
};
const THRESHOLDS_V1: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(LEVELS).flatMap(([name, [high, medium, low]]) => [
      [name, String(high)],
      [`Medium${name}`, String(medium)],
      [`Low${name}`, String(low)],
    ]),
  ),
  StopSpeed: '5',
  AccelerationPedalSpeed: '10',
  OverspeedTime: '10',
  HighRpmTime: '10',
  CoastingTime: '5',
};
const THRESHOLDS_V2: Record<string, string> = {
  emergencyBrakeThreshold: '6.5',
  harshAccelerationThreshold: '3.5',
  accelerationThreshold: '2.0',
  deccelerationThreshold: '2.5',
  harshBrakeThreshold: '4.0',
  longitudinalMovementThreshold: '0.5',
  lateralMovementThreshold: '0.5',
  overSpeedThreshold: '90',
  harshBrakeDetectionSpeedThreshold: '30',
  highRPMThreshold: '2200',
  highPedalThreshold: '90',
  coastableDistanceCountingDistanceDelay: '100',
  cruisableTimeCountingTimeDelay: '10',
  overRPMCountingTimeDelay: '10',
  overSpeedCountingTimeDelay: '10',
  ignitionOffDelay: '60',
  idleTimeDelay: '300',
};

/** The demo's messages: spec 03 §9's defaults, message 0 to the shared ingest endpoint. */
export const defaultMessages = (): ProfileMessage[] =>
  [0, 1, 2].map((index) => ({
    ...defaultMessage(index, DEFAULT_MESSAGE_URL),
    ...(index === 0 ? { endpointID: DEFAULT_ENDPOINT_ID } : {}),
  }));

/** Changes waiting on about one device in ten (spec 01 §4: InSync is false while pending). */
const PENDING_CHANGES: SettingValue[] = [
  { SettingName: 'timedMessageInterval', Value: '60' },
  { SettingName: 'TachoLiveEnabled', Value: '1' },
  { SettingName: 'standbyMessageInterval', Value: '3600' },
  { SettingName: 'drivingStyleEventsEnabled', Value: '1' },
  { SettingName: 'TachoRDLAdress', Value: '252' },
];

export const protocolsFor = (deviceType: number): string[] =>
  CAN_PROTOCOLS.filter(([, , , types]) => (types as readonly number[]).includes(deviceType)).map(
    ([code]) => code,
  );

/** An applied configuration as a flat map SettingName → text, plus pending changes. */
export function makeDeviceConfig(deviceType: number, random: Random) {
  const applicationVersion = deviceType === 4 ? 1 : 0;
  const canVersion = random.pick(CAN_VERSIONS);
  const tachoType = random.pick(['0', '1', '1', '2']);
  const config: Record<string, string> = {
    BooterVersion: random.pick(BOOTER_VERSIONS),
    CAN1Version: canVersion,
    CAN2Version: canVersion,
    ConfigVersion: String(random.int(10, 14)),
    ProtocolCode: random.pick(protocolsFor(deviceType)),
    Firmware: random.pick(APPLICATION_VERSIONS),
    APN: random.pick(APNS),
    ModemVersion: random.pick(MODEMS),
    settingsProfileID: random.chance(0.1) ? STANDARD_PROFILE_ID : EMPTY_GUID,
    applicationVersion: String(applicationVersion),
    endpoint0ID: DEFAULT_ENDPOINT_ID,
    endpoint1ID: EMPTY_GUID,
    endpoint2ID: EMPTY_GUID,
    ...Object.fromEntries(
      defaultMessages().map((message) => [
        endpointJsonSetting(message.index),
        JSON.stringify(message),
      ]),
    ),
    ...DEFAULT_SETTINGS,
    TachoType: tachoType,
    TachoRDLAdress: tachoType === '0' ? '9999' : random.pick(['251', '253', '254']),
    ...TACHO_SETTINGS,
    ...(applicationVersion === 0 ? THRESHOLDS_V1 : THRESHOLDS_V2),
  };
  const first = random.int(0, PENDING_CHANGES.length - 2);
  const pending = random.chance(0.1) ? PENDING_CHANGES.slice(first, first + random.int(1, 2)) : [];
  return { config, pending };
}
