import { describe, expect, it } from 'vitest';
import { entryFixture as entry } from '@app/features/outbox/test/entry-fixture';
import { queuedNoteAndName, queuedSettingValues } from './queued-values';

describe('values still waiting in the outbox, as the device forms show them', () => {
  it('overlays queued settings in the order they were made', () => {
    const first = entry({ mutationId: 1, createdAt: 2, status: 'queued' });
    const later = entry({
      mutationId: 3,
      createdAt: 3,
      status: 'queued',
      variables: { deviceId: 1, imei: 'A', settings: [{ SettingName: 'a', Value: '7' }] },
    });
    const sent = entry({ mutationId: 2, createdAt: 4 });
    expect(queuedSettingValues([later, first, sent])).toEqual({ a: '7' });
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
