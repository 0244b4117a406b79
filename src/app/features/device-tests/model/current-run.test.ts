import { describe, expect, it } from 'vitest';
import type { TestItem } from '@shared/devices/device-tests';
import { newRun, readCurrentRun, saveCurrentRun, withLocalVerdicts } from './current-run';

const item = (key: TestItem['key'], value: string, state: TestItem['state']): TestItem => ({
  key,
  title: key,
  desc: '',
  value,
  state,
});

describe('the run kept on the phone', () => {
  it('survives a reload and reads nothing from a damaged entry', () => {
    saveCurrentRun({ ...newRun('358', 'k-1'), items: [item('vin', 'X', 4)] });
    expect(readCurrentRun('358')).toMatchObject({ key: 'k-1', items: [{ key: 'vin' }] });
    localStorage.setItem('deviceTestRun:359', '{not json');
    expect(readCurrentRun('359')).toBeNull();
  });

  it('shows a verdict made here on the item still asking about that value, not on a new one', () => {
    const verdicts = [{ key: 'ignition', value: 'ON', state: 1 } as const];
    expect(withLocalVerdicts([item('ignition', 'ON', 4)], verdicts)[0]?.state).toBe(1);
    expect(withLocalVerdicts([item('ignition', 'OFF', 4)], verdicts)[0]?.state).toBe(4);
    // The server's word wins once it has one.
    expect(withLocalVerdicts([item('ignition', 'ON', 3)], verdicts)[0]?.state).toBe(3);
  });
});
