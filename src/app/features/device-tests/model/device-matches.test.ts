import { describe, expect, it } from 'vitest';
import { deviceFixture } from '@app/features/devices/test/devices-page-harness';
import { matchOutcome, searchTerm } from './device-matches';

const devices = (...ids: number[]) => ids.map((id) => deviceFixture(id));

describe('installation test search (spec 03 §5)', () => {
  it('starts at 3 characters, spaces not counted', () => {
    expect(searchTerm('35')).toBeNull();
    expect(searchTerm('  35 ')).toBeNull();
    expect(searchTerm(' 358 ')).toBe('358');
    expect(matchOutcome('35', [devices(1)])).toEqual({ kind: 'short' });
  });

  it('shows cards for 1 to 5 matches, a device found by IMEI and SN once', () => {
    expect(matchOutcome('358', [devices(3, 1), devices(1)])).toEqual({
      kind: 'devices',
      devices: devices(1, 3),
    });
    expect(matchOutcome('358', [devices(1, 2, 3), devices(4, 5)])).toMatchObject({
      kind: 'devices',
      devices: devices(1, 2, 3, 4, 5),
    });
  });

  it('hides the list above 5 matches and says when there is none', () => {
    expect(matchOutcome('358', [devices(1, 2, 3), devices(4, 5, 6)])).toEqual({ kind: 'tooMany' });
    expect(matchOutcome('358', [[], []])).toEqual({ kind: 'none' });
  });
});
