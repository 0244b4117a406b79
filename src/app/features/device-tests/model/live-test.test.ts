import { describe, expect, it } from 'vitest';
import type { TestItem, TestProgress } from '@shared/devices/device-tests';
import {
  initialLiveTest,
  liveTestReducer,
  MAX_LIVE_RAW_MESSAGES,
  mergeRawMessages,
} from './live-test';

const item = (key: TestItem['key'], state: TestItem['state']): TestItem => ({
  key,
  title: key,
  desc: '',
  value: 'v',
  state,
});
const items = [item('connection', 1), item('vin', 4), item('odometer', 4)];
const message = (Id: number, at: string) => ({
  Id,
  TimeStampServer: at,
  Message: `m${String(Id)}`,
});

describe('the live test state', () => {
  it('takes the list, then progress, and ends with the result', () => {
    let state = liveTestReducer(initialLiveTest, { type: 'live' });
    state = liveTestReducer(state, { type: 'testList', items });
    expect(state.items).toBe(items);
    const done: TestProgress = {
      IMEI: '1',
      Items: [item('connection', 1)],
      Finished: true,
      TestResult: 'TEST OK',
      ResultId: 9,
    };
    state = liveTestReducer(state, { type: 'progress', progress: done });
    expect(state).toMatchObject({ connection: 'finished', result: 'TEST OK' });
    // The server closes after the result: that is not a lost connection.
    expect(liveTestReducer(state, { type: 'disconnected', problem: { kind: 'dropped' } })).toBe(
      state,
    );
  });

  it('keeps raw messages newest first, once each, capped', () => {
    const merged = mergeRawMessages(
      [message(2, '2026-11-23T10:00:02Z'), message(1, '2026-11-23T10:00:01Z')],
      [message(3, '2026-11-23T10:00:03Z'), message(2, '2026-11-23T10:00:02Z')],
    );
    expect(merged.map((m) => m.Id)).toEqual([3, 2, 1]);
    const many = Array.from({ length: 150 }, (_, i) =>
      message(i, new Date(i * 1000).toISOString()),
    );
    expect(mergeRawMessages([], many)).toHaveLength(MAX_LIVE_RAW_MESSAGES);
  });
});
