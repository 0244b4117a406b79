import * as v from 'valibot';
import { idField } from '@shared/api/ids';

/**
 * Mass updates of the libraries (issue 13): what a QTLibrary, firmware or booter mass update
 * targets, its preview, and the staged rollout it runs as. One set of rules for the dialogs and
 * the server.
 */

export const ROLLOUT_KINDS = ['qtl', 'firmware', 'booter'] as const;
export type RolloutKind = (typeof ROLLOUT_KINDS)[number];

/** The device setting each kind changes (LIBRARY_SETTINGS names its file). */
export const ROLLOUT_SETTING = {
  qtl: 'ProtocolCode',
  firmware: 'Firmware',
  booter: 'BooterVersion',
} as const satisfies Record<RolloutKind, string>;

export const ROLLOUT_KIND_LABELS: Record<RolloutKind, string> = {
  qtl: 'QTL',
  firmware: 'Firmware',
  booter: 'Booter',
};

/** A device is "offline" when it has not been heard from for this long. */
export const OFFLINE_AFTER_HOURS = 24;

export const FROM_PROTOCOL_REQUIRED = 'Choose the current protocol code';
export const TO_PROTOCOL_REQUIRED = 'Choose the new protocol code';
export const SAME_PROTOCOL = 'The new protocol code must differ from the current one';
export const CUSTOMER_REQUIRED = 'Customer is Required';
export const FIRMWARE_REQUIRED = 'Firmware is Required';
export const CANARY_RANGE = 'A whole percentage from 1 to 100';
export const THRESHOLD_RANGE = 'A whole percentage from 0 to 100';
export const TIMEOUT_RANGE = 'Whole minutes from 1 to 10080 (one week)';

const protocolCode = (message: string) =>
  v.pipe(
    v.optional(v.nullable(v.string(message)), ''),
    v.transform((value) => (value ?? '').trim()),
    v.nonEmpty(message),
    v.maxLength(10, message),
  );

/** QTL: every device on one protocol code moves to another (spec 03 §7, massUpdate). */
export const QtlTargetSchema = v.pipe(
  v.object({
    Kind: v.literal('qtl'),
    From: protocolCode(FROM_PROTOCOL_REQUIRED),
    To: protocolCode(TO_PROTOCOL_REQUIRED),
  }),
  v.forward(
    v.check((t) => t.From !== t.To, SAME_PROTOCOL),
    ['To'],
  ),
);

/** Firmware or booter: a customer's devices move to one firmware (flag 2 or 1). */
export const FirmwareTargetSchema = v.object({
  Kind: v.picklist(['firmware', 'booter']),
  CustomerId: idField('customer', CUSTOMER_REQUIRED),
  FirmwareId: idField('firmware', FIRMWARE_REQUIRED, 'shared'),
});

export const MassUpdateTargetSchema = v.variant(
  'Kind',
  [QtlTargetSchema, FirmwareTargetSchema],
  'Kind must be qtl, firmware or booter',
);
export type MassUpdateTarget = v.InferOutput<typeof MassUpdateTargetSchema>;

/** How a rollout runs; the spec's mass-update calls start one with these defaults. */
export const ROLLOUT_DEFAULTS = {
  CanaryPercent: 10,
  FailureThresholdPercent: 20,
  StageTimeoutMinutes: 120,
  IncludeOffline: false,
} as const;

const whole = (min: number, max: number, message: string, fallback: number) =>
  v.optional(
    v.pipe(
      v.number(message),
      v.integer(message),
      v.minValue(min, message),
      v.maxValue(max, message),
    ),
    fallback,
  );

export const RolloutOptionsSchema = v.object({
  /** The canary's share of the devices that change (at least one device). */
  CanaryPercent: whole(1, 100, CANARY_RANGE, ROLLOUT_DEFAULTS.CanaryPercent),
  /** The rollout pauses itself when more than this share of a stage's devices failed. */
  FailureThresholdPercent: whole(0, 100, THRESHOLD_RANGE, ROLLOUT_DEFAULTS.FailureThresholdPercent),
  /** …or when a stage has not finished after this long. */
  StageTimeoutMinutes: whole(1, 10_080, TIMEOUT_RANGE, ROLLOUT_DEFAULTS.StageTimeoutMinutes),
  /** Whether devices not heard from in 24 hours take part (they update when they next connect). */
  IncludeOffline: v.optional(v.boolean(), ROLLOUT_DEFAULTS.IncludeOffline),
});
export type RolloutOptions = v.InferOutput<typeof RolloutOptionsSchema>;

export const StartRolloutSchema = v.object({
  Target: MassUpdateTargetSchema,
  ...RolloutOptionsSchema.entries,
});
export type StartRollout = v.InferOutput<typeof StartRolloutSchema>;

/** How the preview sorts the devices in scope. */
export const PREVIEW_GROUPS = [
  'change',
  'offline',
  'onTarget',
  'incompatible',
  'oldCan',
  'busy',
] as const;
export type PreviewGroup = (typeof PREVIEW_GROUPS)[number];

export const PREVIEW_GROUP_LABELS: Record<PreviewGroup, string> = {
  change: 'Will change',
  offline: `Not heard from in ${String(OFFLINE_AFTER_HOURS)} hours`,
  onTarget: 'Already on the target',
  incompatible: 'Incompatible device type (skipped)',
  oldCan: 'Old CAN version (skipped)',
  busy: 'In another running rollout (skipped)',
};

/** Groups never updated; `offline` is updated only when the admin includes it. */
export const SKIPPED_GROUPS = ['onTarget', 'incompatible', 'oldCan', 'busy'] as const;

/** The devices a preview lists per group (the counts cover all). */
export const PREVIEW_SAMPLE = 50;

export const PreviewDeviceSchema = v.object({
  Id: v.number(),
  Imei: v.string(),
  Name: v.nullable(v.string()),
  Customer: v.nullable(v.string()),
  /** The device's applied value of the setting (protocol code, firmware or booter version). */
  Current: v.nullable(v.string()),
  LastMsg: v.nullable(v.string()),
});
export type PreviewDevice = v.InferOutput<typeof PreviewDeviceSchema>;

const perGroup = <T extends v.GenericSchema>(item: T) =>
  v.object(Object.fromEntries(PREVIEW_GROUPS.map((g) => [g, item])) as Record<PreviewGroup, T>);

export const RolloutPreviewSchema = v.object({
  Kind: v.picklist(ROLLOUT_KINDS),
  /** The value devices move to: a protocol code or a firmware version. */
  Target: v.string(),
  Description: v.string(),
  Counts: perGroup(v.number()),
  /** The first PREVIEW_SAMPLE devices of each group, by IMEI. */
  Devices: perGroup(v.array(PreviewDeviceSchema)),
});
export type RolloutPreview = v.InferOutput<typeof RolloutPreviewSchema>;

/** The devices a rollout with these options updates. */
export const rolloutSize = (counts: Record<PreviewGroup, number>, includeOffline: boolean) =>
  counts.change + (includeOffline ? counts.offline : 0);

/** The canary's size: its share of the devices, rounded up, at least one (none of none). */
export const canarySize = (devices: number, percent: number) =>
  devices === 0 ? 0 : Math.min(devices, Math.max(1, Math.ceil((devices * percent) / 100)));

/** The spec's QTL toast (its spelling kept, spec 03 §8). */
export const qtlMassUpdated = (count: number, code: string) =>
  `Succesfully updated ${String(count)} devices to QTL ${code}`;

/** The Message the firmware and booter mass updates answer (shown as their toast). */
export function firmwareMassUpdated(kind: 'firmware' | 'booter', count: number, version: string) {
  const what = `${kind === 'firmware' ? 'Firmware' : 'Booter'} update to ${version}`;
  return count === 0
    ? `${what}: no device needs it`
    : `${what} started for ${String(count)} devices`;
}
