import * as v from 'valibot';
import { idParam, idParams } from '@shared/api/ids';
import { ROLLOUT_KINDS, SKIPPED_GROUPS } from './rollouts';
import { DEVICE_STATES, ROLLOUT_STATES, type RolloutDeviceState } from './rollout-states';

export * from './rollout-states';

/** A rollout and its devices as the API answers them (the rollout screen). */

const counts = v.object(
  Object.fromEntries(DEVICE_STATES.map((s) => [s, v.number()])) as Record<
    RolloutDeviceState,
    v.NumberSchema<undefined>
  >,
);

export const RolloutStageSchema = v.object({
  Index: v.number(),
  Name: v.string(),
  Devices: v.number(),
  Counts: counts,
  StartedAt: v.nullable(v.string()),
  FinishedAt: v.nullable(v.string()),
});
export type RolloutStage = v.InferOutput<typeof RolloutStageSchema>;

export const RolloutSchema = v.object({
  Id: v.number(),
  Kind: v.picklist(ROLLOUT_KINDS),
  Setting: v.string(),
  /** The protocol code or firmware version devices move to. */
  Target: v.string(),
  /** QTL: the protocol code devices move from. */
  From: v.nullable(v.string()),
  CustomerId: v.nullable(v.number()),
  Customer: v.nullable(v.string()),
  Description: v.string(),
  State: v.picklist(ROLLOUT_STATES),
  /** Why it paused (by itself or by whom), null while running. */
  PauseReason: v.nullable(v.string()),
  CanaryPercent: v.number(),
  FailureThresholdPercent: v.number(),
  StageTimeoutMinutes: v.number(),
  IncludeOffline: v.boolean(),
  /** The stage running (or paused): 0 canary, 1 rest. */
  Stage: v.number(),
  Stages: v.array(RolloutStageSchema),
  /** Devices in scope left out at the start, per reason. */
  Skipped: v.object(
    Object.fromEntries([...SKIPPED_GROUPS, 'offline'].map((g) => [g, v.number()])) as Record<
      (typeof SKIPPED_GROUPS)[number] | 'offline',
      v.NumberSchema<undefined>
    >,
  ),
  CreatedAt: v.string(),
  CreatedBy: v.nullable(v.string()),
  FinishedAt: v.nullable(v.string()),
});
export type Rollout = v.InferOutput<typeof RolloutSchema>;

/** The rollouts list: newest first, without stages' device counts beyond the totals. */
export const RolloutListSchema = v.array(RolloutSchema);

export const RolloutDeviceSchema = v.object({
  DeviceId: v.number(),
  Imei: v.string(),
  Name: v.nullable(v.string()),
  Customer: v.nullable(v.string()),
  Stage: v.number(),
  State: v.picklist(DEVICE_STATES),
  Reason: v.nullable(v.string()),
  UpdatedAt: v.string(),
});
export type RolloutDevice = v.InferOutput<typeof RolloutDeviceSchema>;
export const RolloutDeviceListSchema = v.array(RolloutDeviceSchema);

export const ROLLOUT_PAGE = 50;
export const ROLLOUT_DEVICE_PAGE = 100;

export const RolloutIdParamsSchema = idParams('id', 'rollout', 'shared');

export const RolloutListQuerySchema = v.object({
  after: v.optional(idParam('rollout', 'cursor')),
});

/** `?state=` one state only; `?after=` the last DeviceId of the page before. */
export const RolloutDevicesQuerySchema = v.object({
  state: v.optional(v.picklist(DEVICE_STATES, `State must be one of ${DEVICE_STATES.join(', ')}`)),
  after: v.optional(idParam('device', 'cursor')),
});
export type RolloutDevicesQuery = v.InferOutput<typeof RolloutDevicesQuerySchema>;

export const ROLLOUT_NOT_FOUND = 'Rollout not found';
export const ROLLOUT_NOT_RUNNING = 'Only a running rollout can be paused';
export const ROLLOUT_NOT_PAUSED = 'Only a paused rollout can be resumed';
export const ROLLOUT_FINISHED = 'This rollout has finished';
