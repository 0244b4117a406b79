import { describe, expect, it } from 'vitest';
import type { RolloutStage } from '@shared/libraries/rollout-views';
import { stagePercentText, stageStatus } from './progress';

const stage = (over: Partial<RolloutStage> & Partial<RolloutStage['Counts']>): RolloutStage => ({
  Index: 0,
  Name: 'Canary',
  Devices: 10,
  StartedAt: '2026-11-28T10:00:00Z',
  FinishedAt: null,
  Counts: {
    waiting: 0,
    pending: 0,
    sent: 0,
    downloading: 0,
    applied: over.applied ?? 0,
    failed: over.failed ?? 0,
    cancelled: over.cancelled ?? 0,
  },
  ...over,
});

describe('a stage card in each rollout state', () => {
  it('says a cancelled rollout cancelled its unfinished stages, with what they applied', () => {
    // Cancel withdrew the six devices still under way: they are final, not done.
    const stopped = stage({ applied: 4, cancelled: 6 });
    expect(stageStatus(stopped, 'cancelled')).toBe('Cancelled');
    expect(stagePercentText(stopped, 'cancelled')).toBe('40% applied');
    const neverRan = stage({ Index: 1, StartedAt: null, cancelled: 10 });
    expect(stageStatus(neverRan, 'cancelled')).toBe('Never started');
    expect(stagePercentText(neverRan, 'cancelled')).toBe('0% applied');
  });

  it('keeps a finished stage finished after a cancel, and counts running stages as done', () => {
    const finished = stage({ applied: 9, failed: 1, FinishedAt: '2026-11-28T11:00:00Z' });
    expect(stageStatus(finished, 'cancelled')).toBe('Finished');
    expect(stagePercentText(finished, 'cancelled')).toBe('100% done');
    const running = stage({ applied: 3, failed: 1, cancelled: 1 });
    expect(stageStatus(running, 'running')).toBe('In progress');
    expect(stagePercentText(running, 'running')).toBe('50% done');
    expect(stageStatus(stage({ StartedAt: null }), 'paused')).toBe('Not started');
  });
});
