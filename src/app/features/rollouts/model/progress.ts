import {
  DEVICE_STATES,
  STAGE_NAMES,
  type Rollout,
  type RolloutDeviceState,
  type RolloutStage,
  type RolloutState,
} from '@shared/libraries/rollout-views';

/** How often a running or paused rollout's screen asks for its progress. */
export const ROLLOUT_REFRESH_MS = 2000;
/** How often the rollouts list refreshes while one of its rollouts is live. */
export const ROLLOUT_LIST_REFRESH_MS = 5000;

/** Devices still move while a rollout runs, and those already sent finish while it is paused. */
export const isLive = (state: RolloutState): boolean => state === 'running' || state === 'paused';

export const ROLLOUT_STATE_LABELS: Record<RolloutState, string> = {
  running: 'Running',
  paused: 'Paused',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const DEVICE_STATE_LABELS: Record<RolloutDeviceState, string> = {
  waiting: 'Waiting',
  pending: 'Pending',
  sent: 'Sent',
  downloading: 'Downloading',
  applied: 'Applied',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export type StateCounts = Record<RolloutDeviceState, number>;

const noCounts = (): StateCounts =>
  Object.fromEntries(DEVICE_STATES.map((s) => [s, 0])) as StateCounts;

/** The rollout's devices per state, over both stages. */
export function rolloutCounts(rollout: Pick<Rollout, 'Stages'>): StateCounts {
  const counts = noCounts();
  for (const stage of rollout.Stages) {
    for (const state of DEVICE_STATES) counts[state] += stage.Counts[state];
  }
  return counts;
}

/** How many devices the rollout updates (both stages). */
export const rolloutDevices = (rollout: Pick<Rollout, 'Stages'>): number =>
  rollout.Stages.reduce((n, stage) => n + stage.Devices, 0);

/** '1 device', '12 devices'. */
export const devicesText = (n: number): string => `${String(n)} device${n === 1 ? '' : 's'}`;

/**
 * The paused notice: the server's reason ('Paused by …' as it is, a rule's reason after
 * 'Paused: '), or 'Paused' alone.
 */
export function pausedText(reason: string | null): string {
  if (!reason) return 'Paused';
  return /^paused\b/i.test(reason) ? reason : `Paused: ${reason}`;
}

/** 'Canary', 'Rest'; the server's name wins when it has one. */
export const stageName = (stage: Pick<RolloutStage, 'Index' | 'Name'>): string =>
  stage.Name || (STAGE_NAMES[stage.Index] ?? `Stage ${String(stage.Index + 1)}`);

/** The stage a live rollout is in; none once it has finished. */
export function currentStageName(rollout: Pick<Rollout, 'State' | 'Stage' | 'Stages'>): string {
  if (!isLive(rollout.State)) return '–';
  const stage = rollout.Stages.find((s) => s.Index === rollout.Stage);
  return stage ? stageName(stage) : (STAGE_NAMES[rollout.Stage] ?? '–');
}

/** Where a stage is: not started, running, finished; or stopped by the rollout's cancel. */
export function stageStatus(stage: RolloutStage, rollout: RolloutState): string {
  if (stage.FinishedAt !== null) return 'Finished';
  if (rollout === 'cancelled') return stage.StartedAt === null ? 'Never started' : 'Cancelled';
  if (stage.StartedAt !== null) return 'In progress';
  return 'Not started';
}

/**
 * The stage's share as one figure: '40% done' (applied, failed or withdrawn: the devices it has
 * finished with). A cancel withdraws every device still under way, so a cancelled stage counts
 * what it applied instead ('40% applied'), not a misleading '100% done'.
 */
export function stagePercentText(stage: RolloutStage, rollout: RolloutState): string {
  const { applied, failed, cancelled } = stage.Counts;
  const percentOf = (n: number) =>
    stage.Devices === 0 ? 0 : Math.floor((n / stage.Devices) * 100);
  if (rollout === 'cancelled' && stage.FinishedAt === null)
    return `${String(percentOf(applied))}% applied`;
  return `${String(percentOf(applied + failed + cancelled))}% done`;
}

/**
 * A stage's progress as one line: '12 applied · 1 failed of 40'. Every state moves forward
 * (waiting → … → applied / failed / cancelled), so these numbers only grow.
 */
export function progressText(counts: StateCounts, devices: number): string {
  const failed = counts.failed > 0 ? ` · ${String(counts.failed)} failed` : '';
  return `${String(counts.applied)} applied${failed} of ${String(devices)}`;
}

/**
 * A fingerprint of the devices' progress. A device's state only moves forward, so any move
 * changes it: the device table reloads its loaded pages exactly when something moved.
 */
export const progressSignature = (rollout: Pick<Rollout, 'State' | 'Stages'>): string =>
  `${rollout.State}:${rollout.Stages.map((s) => DEVICE_STATES.map((d) => s.Counts[d]).join(',')).join('|')}`;
