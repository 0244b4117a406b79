import { describe, expect, it } from 'vitest';
import type { DeviceSetting } from '../../../../shared/devices';
import type { OutboxEntry } from './entries';
import { groupByDevice, queuedNoteAndName, queuedSettingValues } from './entries';
import { followUpOf, isExecuted, isProcessed } from './follow-up';

const entry = (overrides: Partial<OutboxEntry>): OutboxEntry => ({
  mutationId: 1,
  id: 'k',
  kind: 'settings',
  deviceId: 1,
  imei: '1',
  title: '',
  detail: '',
  createdAt: 0,
  status: 'sent',
  failure: null,
  attempts: 0,
  variables: { deviceId: 1, imei: '1', settings: [{ SettingName: 'a', Value: '2' }] },
  answer: undefined,
  ...overrides,
});

const row = (Id: number, Value: string, Processed: boolean): DeviceSetting => ({
  Id,
  SettingName: 'a',
  Value,
  Processed,
  CreatedDate: '',
  ProcessedDate: null,
});

describe('follow-up of a sent change', () => {
  it('waits for the device to execute a request, by the id the server gave it', () => {
    const sent = entry({ kind: 'request-create', answer: { Id: 9 } });
    expect(followUpOf(sent)).toBe('executed');
    const request = { Id: 9, IMEI: '1', Command: 'x', CommandType: 20, Created: '' };
    expect(isExecuted(sent, [{ ...request, Executed: null }])).toBe(false);
    expect(isExecuted(sent, [{ ...request, Executed: '2026-11-23T10:00:00Z' }])).toBe(true);
  });

  it('calls settings processed when the newest matching history row is', () => {
    const sent = entry({});
    expect(isProcessed(sent, [row(1, '2', true), row(3, '2', false)])).toBe(false);
    expect(isProcessed(sent, [row(1, '2', false), row(3, '2', true)])).toBe(true);
    expect(isProcessed(sent, [row(3, '5', true)])).toBe(false);
    expect(followUpOf(entry({ kind: 'note' }))).toBeNull();
  });
});

describe('entries', () => {
  it('groups per device, oldest first, and overlays queued settings in order', () => {
    const a1 = entry({ mutationId: 1, imei: 'A', createdAt: 2, status: 'queued' });
    const b1 = entry({ mutationId: 2, imei: 'B', createdAt: 1 });
    const a2 = entry({
      mutationId: 3,
      imei: 'A',
      createdAt: 3,
      status: 'queued',
      variables: { deviceId: 1, imei: 'A', settings: [{ SettingName: 'a', Value: '7' }] },
    });
    expect(
      groupByDevice([a2, a1, b1]).map((g) => [g.imei, g.entries.map((e) => e.mutationId)]),
    ).toEqual([
      ['B', [2]],
      ['A', [1, 3]],
    ]);
    expect(queuedSettingValues([a2, a1, b1])).toEqual({ a: '7' });
  });

  it('gives the note and name still waiting, the last queued winning; sent ones no longer count', () => {
    const ref = { deviceId: 1, imei: 'A' };
    const note1 = entry({
      kind: 'note',
      createdAt: 1,
      status: 'queued',
      variables: { ...ref, note: 'first' },
    });
    const note2 = entry({
      kind: 'note',
      createdAt: 2,
      status: 'sending',
      variables: { ...ref, note: 'second' },
    });
    const sentName = entry({
      kind: 'name',
      createdAt: 3,
      status: 'sent',
      variables: { ...ref, name: 'old' },
    });
    expect(queuedNoteAndName([note2, note1, sentName])).toEqual({ note: 'second' });
    const name = entry({
      kind: 'name',
      createdAt: 4,
      status: 'queued',
      variables: { ...ref, name: 'Van 7' },
    });
    expect(queuedNoteAndName([note1, name])).toEqual({ note: 'first', name: 'Van 7' });
  });
});
