import { describe, expect, it } from 'vitest';
import { offlineWrite, registerOfflineWrites } from '@app/features/outbox/registry';
import { entryFixture as entry } from '@app/features/outbox/test/entry-fixture';
import { groupByDevice, waitingOfKind } from './entries';
import { followUpOf, shownStatus, watchesOf } from './follow-up';

// Two kinds of a made-up feature that wait on the same device list, one that waits on nothing.
const list = (imei: string) => ({
  queryKey: ['things', imei],
  queryFn: () => Promise.resolve<number[]>([]),
});
const followUp = {
  done: 'executed' as const,
  query: list,
  isDone: (e: { answer: unknown }, done: number[]) => done.includes(Number(e.answer)),
};
const write = (kind: string, withFollowUp: boolean) =>
  offlineWrite({
    options: () => ({ mutationKey: ['device-write', kind] }),
    describe: () => [kind, ''],
    ...(withFollowUp ? { followUp } : {}),
  });
// Each test file has its own module registry, so these kinds stay in this file.
registerOfflineWrites([write('thing-a', true), write('thing-b', true), write('thing-c', false)]);

describe('follow-up of a sent change (from its registered kind)', () => {
  it('watches each device query once for the sent changes that wait on it', () => {
    const a = entry({ mutationId: 1, kind: 'thing-a', answer: 4 });
    const b = entry({ mutationId: 2, kind: 'thing-b', answer: 5 });
    const c = entry({ mutationId: 3, kind: 'thing-c' });
    const queued = entry({ mutationId: 4, kind: 'thing-a', status: 'queued' });
    const watches = watchesOf('IMEI', [a, b, c, queued]);
    expect(watches).toHaveLength(1);
    expect(watches[0]?.waiting.map((e) => e.mutationId)).toEqual([1, 2]);
    expect(followUpOf(c)).toBeNull();
    expect(followUpOf(entry({ kind: 'unknown' }))).toBeNull();
  });

  it('shows a sent change as awaiting until the data says it is done', () => {
    const a = entry({ kind: 'thing-a', answer: 4 });
    expect(shownStatus(a, () => undefined)).toBe('awaiting');
    expect(shownStatus(a, () => [3])).toBe('awaiting');
    expect(shownStatus(a, () => [4])).toBe('executed');
    expect(shownStatus(entry({ kind: 'thing-c' }), () => [4])).toBe('sent');
    expect(shownStatus(entry({ kind: 'thing-a', status: 'failed' }), () => [4])).toBe('failed');
  });
});

describe('entries', () => {
  it('groups per device, devices by their oldest change, entries oldest first', () => {
    const a1 = entry({ mutationId: 1, imei: 'A', createdAt: 2, status: 'queued' });
    const b1 = entry({ mutationId: 2, imei: 'B', createdAt: 1 });
    const a2 = entry({ mutationId: 3, imei: 'A', createdAt: 3, status: 'queued' });
    expect(
      groupByDevice([a2, a1, b1]).map((g) => [g.imei, g.entries.map((e) => e.mutationId)]),
    ).toEqual([
      ['B', [2]],
      ['A', [1, 3]],
    ]);
  });

  it('lists the changes of a kind not yet sent, oldest first', () => {
    const later = entry({ mutationId: 1, kind: 'note', createdAt: 2, status: 'sending' });
    const first = entry({ mutationId: 2, kind: 'note', createdAt: 1, status: 'queued' });
    const sent = entry({ mutationId: 3, kind: 'note', createdAt: 0, status: 'sent' });
    const other = entry({ mutationId: 4, kind: 'name', createdAt: 0, status: 'queued' });
    expect(waitingOfKind([later, first, sent, other], 'note').map((e) => e.mutationId)).toEqual([
      2, 1,
    ]);
  });
});
