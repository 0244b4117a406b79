import { THRESHOLD_SETTINGS_V2 } from '@shared/devices/device-settings';
import type { FieldSection, SettingField } from './setting-fields';

const decimal = (name: string, label: string, unit?: string): SettingField => ({
  name,
  label,
  kind: 'decimal',
  ...(unit ? { unit } : {}),
});

/** Variant 1 (applicationVersion 0): each driving-style event at high, medium and low level. */
export const DRIVING_STYLE_LEVELS = [
  { name: 'Harshbrake', label: 'Harsh brake' },
  { name: 'Longidle', label: 'Long idle' },
  { name: 'HighAcceleration', label: 'High acceleration' },
  { name: 'OverSpeed', label: 'Overspeed' },
  { name: 'HighRevolutions', label: 'High revolutions' },
  { name: 'HighTorque', label: 'High torque' },
  { name: 'HighAccelerationPedal', label: 'High acceleration pedal' },
] as const;

export const LEVELS = [
  { prefix: '', label: 'High' },
  { prefix: 'Medium', label: 'Medium' },
  { prefix: 'Low', label: 'Low' },
] as const;

export const LEVELS_SECTION_TITLE = 'Driving style levels';

/**
 * Three fields per event (high, medium, low) in the order of DRIVING_STYLE_LEVELS. The screen
 * groups each event's three in a fieldset named after it, so the level alone labels a field.
 */
export const levelFields = (): SettingField[] =>
  DRIVING_STYLE_LEVELS.flatMap((event) =>
    LEVELS.map((level) => decimal(`${level.prefix}${event.name}`, level.label)),
  );

export const THRESHOLD_V1_SECTIONS: FieldSection[] = [
  { title: LEVELS_SECTION_TITLE, fields: levelFields() },
  {
    title: 'Speeds and times',
    fields: [
      decimal('StopSpeed', 'Stop speed'),
      decimal('AccelerationPedalSpeed', 'Acceleration pedal speed'),
      decimal('OverspeedTime', 'Overspeed time'),
      decimal('HighRpmTime', 'High RPM time'),
      decimal('CoastingTime', 'Coasting time'),
    ],
  },
];

const V2_LABELS: Record<keyof typeof THRESHOLD_SETTINGS_V2, string> = {
  emergencyBrakeThreshold: 'Emergency brake',
  harshAccelerationThreshold: 'Harsh acceleration',
  accelerationThreshold: 'Acceleration',
  deccelerationThreshold: 'Deceleration',
  harshBrakeThreshold: 'Harsh brake',
  longitudinalMovementThreshold: 'Longitudinal movement',
  lateralMovementThreshold: 'Lateral movement',
  overSpeedThreshold: 'Overspeed',
  harshBrakeDetectionSpeedThreshold: 'Harsh brake detection speed',
  highRPMThreshold: 'High RPM',
  highPedalThreshold: 'High pedal',
  coastableDistanceCountingDistanceDelay: 'Coastable distance counting delay',
  cruisableTimeCountingTimeDelay: 'Cruisable time counting delay',
  overRPMCountingTimeDelay: 'Over RPM counting delay',
  overSpeedCountingTimeDelay: 'Overspeed counting delay',
  ignitionOffDelay: 'Ignition off delay',
  idleTimeDelay: 'Idle time delay',
};

const v2Field = (name: keyof typeof THRESHOLD_SETTINGS_V2) =>
  decimal(name, V2_LABELS[name], THRESHOLD_SETTINGS_V2[name]);

/** Variant 2 (applicationVersion ≠ 0): unit-labelled thresholds, grouped by unit. */
export const THRESHOLD_V2_SECTIONS: FieldSection[] = [
  {
    title: 'Acceleration (m/s^2)',
    fields: (
      [
        'emergencyBrakeThreshold',
        'harshAccelerationThreshold',
        'accelerationThreshold',
        'deccelerationThreshold',
        'harshBrakeThreshold',
        'longitudinalMovementThreshold',
        'lateralMovementThreshold',
      ] as const
    ).map(v2Field),
  },
  {
    title: 'Speed, engine and pedal',
    fields: (
      [
        'overSpeedThreshold',
        'harshBrakeDetectionSpeedThreshold',
        'highRPMThreshold',
        'highPedalThreshold',
        'coastableDistanceCountingDistanceDelay',
      ] as const
    ).map(v2Field),
  },
  {
    title: 'Delays (s)',
    fields: (
      [
        'cruisableTimeCountingTimeDelay',
        'overRPMCountingTimeDelay',
        'overSpeedCountingTimeDelay',
        'ignitionOffDelay',
        'idleTimeDelay',
      ] as const
    ).map(v2Field),
  },
  {
    title: 'Configuration group',
    fields: [
      { name: 'ConfigGroupId', label: 'ConfigGroupId', kind: 'number', readOnly: true },
      { name: 'ConfigGroupVersion', label: 'ConfigGroupVersion', kind: 'number', readOnly: true },
    ],
  },
];
