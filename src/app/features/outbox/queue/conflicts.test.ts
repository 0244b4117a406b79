import { describe, expect, it } from 'vitest';
import { findConflicts } from './conflicts';

describe('findConflicts', () => {
  const settings = [
    { SettingName: 'a', Value: 'mine' },
    { SettingName: 'b', Value: 'mine' },
    { SettingName: 'c', Value: 'mine' },
  ];

  it('reports only settings the server moved away from what the installer saw', () => {
    const base = { a: 'seen', b: 'seen', c: 'seen' };
    const current = { a: 'seen', b: 'other', c: 'mine' };
    expect(findConflicts(settings, base, current)).toEqual([
      { SettingName: 'b', base: 'seen', mine: 'mine', theirs: 'other' },
    ]);
  });

  it('checks nothing without a base value', () => {
    expect(findConflicts(settings, {}, { a: 'x', b: 'y', c: 'z' })).toEqual([]);
  });
});
