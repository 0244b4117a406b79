import type {
  Rollout,
  RolloutDevice,
  RolloutDeviceState,
  RolloutStage,
} from '@shared/libraries/rollout-views';
import {
  PREVIEW_GROUPS,
  type PreviewDevice,
  type PreviewGroup,
  type RolloutPreview,
} from '@shared/libraries/rollouts';

const noCounts = (): Record<RolloutDeviceState, number> => ({
  waiting: 0,
  pending: 0,
  sent: 0,
  downloading: 0,
  applied: 0,
  failed: 0,
  cancelled: 0,
});

export const stage = (
  Index: number,
  counts: Partial<Record<RolloutDeviceState, number>>,
  more: Partial<RolloutStage> = {},
): RolloutStage => {
  const Counts = { ...noCounts(), ...counts };
  return {
    Index,
    Name: Index === 0 ? 'Canary' : 'Rest',
    Devices: Object.values(Counts).reduce((n, c) => n + c, 0),
    Counts,
    StartedAt: Index === 0 ? '2026-03-14T09:05:00.000Z' : null,
    FinishedAt: null,
    ...more,
  };
};

/** A running QTL rollout of 12 devices: a canary of 2 (1 applied, 1 downloading), 10 waiting. */
export const rollout = (Id: number, more: Partial<Rollout> = {}): Rollout => ({
  Id,
  Kind: 'qtl',
  Setting: 'ProtocolCode',
  Target: 'SCANIA02',
  From: 'VOLVO01',
  CustomerId: null,
  Customer: null,
  Description: 'QTL VOLVO01 → SCANIA02',
  State: 'running',
  PauseReason: null,
  CanaryPercent: 10,
  FailureThresholdPercent: 20,
  StageTimeoutMinutes: 120,
  IncludeOffline: false,
  Stage: 0,
  Stages: [stage(0, { applied: 1, downloading: 1 }), stage(1, { waiting: 10 })],
  Skipped: { onTarget: 3, incompatible: 2, oldCan: 1, busy: 0, offline: 4 },
  CreatedAt: '2026-03-14T09:05:00.000Z',
  CreatedBy: 'admin@demo.test',
  FinishedAt: null,
  ...more,
});

export const rolloutDevice = (
  DeviceId: number,
  State: RolloutDeviceState,
  more: Partial<RolloutDevice> = {},
): RolloutDevice => ({
  DeviceId,
  Imei: `3520990000${String(DeviceId).padStart(5, '0')}`,
  Name: `Truck ${String(DeviceId)}`,
  Customer: 'Atlas Freight',
  Stage: 0,
  State,
  Reason: null,
  UpdatedAt: '2026-03-14T09:06:00.000Z',
  ...more,
});

export const previewDevice = (Id: number, Current: string | null): PreviewDevice => ({
  Id,
  Imei: `3520990000${String(Id).padStart(5, '0')}`,
  Name: `Truck ${String(Id)}`,
  Customer: 'Atlas Freight',
  Current,
  LastMsg: '2026-03-14T08:00:00.000Z',
});

/** A preview whose groups hold `counts` devices, the first few of each listed. */
export function preview(
  counts: Partial<Record<PreviewGroup, number>>,
  more: Partial<RolloutPreview> = {},
): RolloutPreview {
  const Counts = Object.fromEntries(PREVIEW_GROUPS.map((g) => [g, counts[g] ?? 0])) as Record<
    PreviewGroup,
    number
  >;
  let next = 1;
  const Devices = Object.fromEntries(
    PREVIEW_GROUPS.map((g) => [
      g,
      Array.from({ length: Math.min(Counts[g], 3) }, () => previewDevice(next++, 'VOLVO01')),
    ]),
  ) as Record<PreviewGroup, PreviewDevice[]>;
  return {
    Kind: 'qtl',
    Target: 'SCANIA02',
    Description: 'QTL VOLVO01 → SCANIA02',
    Counts,
    Devices,
    ...more,
  };
}
