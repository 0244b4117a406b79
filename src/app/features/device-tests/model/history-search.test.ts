import { describe, expect, it } from 'vitest';
import { resultFixture } from '@app/features/device-tests/test/fixtures';
import { filterResults } from './history-search';

const results = [
  resultFixture(1, { CustomerName: 'Hansen Transport', UserEmail: 'anna@demo.test' }),
  resultFixture(2, {
    CustomerName: 'Vega Logistics',
    TestResult: 'FAILED',
    TimeStamp: '2026-10-03T12:00:00.000Z',
  }),
];
const ids = (text: string) => filterResults(results, text).map((r) => r.Id);

describe('device tests overview search (spec 03 §2)', () => {
  it('matches Customer, IMEI, User, TimeStamp and TestResult, ignoring case', () => {
    expect(ids('vega')).toEqual([2]);
    expect(ids('358528110000001')).toEqual([1]);
    expect(ids('ANNA@')).toEqual([1]);
    expect(ids('failed')).toEqual([2]);
    expect(ids('test ok')).toEqual([1]);
  });

  it('finds the time stamp as the list shows it (DD-MM-YYYY)', () => {
    expect(ids('-10-2026')).toEqual([2]);
  });

  it('keeps everything for an empty search and nothing for a miss', () => {
    expect(ids('  ')).toEqual([1, 2]);
    expect(ids('nobody')).toEqual([]);
  });
});
