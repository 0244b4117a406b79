import { describe, expect, it } from 'vitest';
import type { DeviceSetting } from '@shared/devices/devices';
import { entryFixture as entry } from '@app/features/outbox/test/entry-fixture';
import { isExecuted, isProcessed } from './follow-up';

const row = (Id: number, Value: string, Processed: boolean): DeviceSetting => ({
  Id,
  SettingName: 'a',
  Value,
  Processed,
  CreatedDate: '',
  ProcessedDate: null,
});

describe('what a sent device write waits for (the Outbox screen)', () => {
  it('waits for the device to execute a request, by the id the server gave it', () => {
    const sent = entry({ kind: 'request-create', answer: { Id: 9 } });
    const request = { Id: 9, IMEI: '1', Command: 'x', CommandType: 20, Created: '' };
    expect(isExecuted(sent, [{ ...request, Executed: null }])).toBe(false);
    expect(isExecuted(sent, [{ ...request, Executed: '2026-11-23T10:00:00Z' }])).toBe(true);
  });

  it('calls settings processed when the newest matching history row is', () => {
    const sent = entry({});
    expect(isProcessed(sent, [row(1, '2', true), row(3, '2', false)])).toBe(false);
    expect(isProcessed(sent, [row(1, '2', false), row(3, '2', true)])).toBe(true);
    expect(isProcessed(sent, [row(3, '5', true)])).toBe(false);
  });

  it('calls a setting edit processed by the id of the row it changed', () => {
    const sent = entry({ kind: 'setting-edit', answer: { Id: 3 } });
    expect(isProcessed(sent, [row(3, '2', false)])).toBe(false);
    expect(isProcessed(sent, [row(3, '2', true)])).toBe(true);
  });
});
