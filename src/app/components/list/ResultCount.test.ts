import { describe, expect, it } from 'vitest';
import type { ListCount } from './list-controller';
import { countText } from './ResultCount';

const noun = { one: 'device', many: 'devices' };
const say = (count: Partial<ListCount>) => {
  const { figure, rest } = countText(
    { shown: 0, loaded: 0, more: false, filter: 'none', ...count },
    noun,
  );
  return figure + rest;
};

describe('the result count', () => {
  it('gives the whole list its count call, and how many have loaded', () => {
    expect(say({ shown: 100, loaded: 100, total: 101, more: true })).toBe(
      '101 devices · 100 loaded',
    );
    expect(say({ shown: 1, loaded: 1, total: 1 })).toBe('1 device');
    expect(say({ shown: 2500, loaded: 2500, total: 2500 })).toBe('2,500 devices');
  });

  it("counts what has loaded, with a '+', while more pages exist", () => {
    expect(say({ shown: 100, loaded: 100, more: true })).toBe('100+ devices');
    expect(say({ shown: 100, loaded: 100, more: true, filter: 'server' })).toBe(
      '100+ devices found',
    );
    expect(say({ shown: 1, loaded: 1, filter: 'server' })).toBe('1 device found');
  });

  it('tells a client-side search how many of the loaded rows it shows', () => {
    expect(say({ shown: 1, loaded: 3, filter: 'client' })).toBe('1 of 3 devices');
    expect(say({ shown: 0, loaded: 1, filter: 'client' })).toBe('0 of 1 device');
    expect(say({ shown: 4, loaded: 100, more: true, filter: 'client' })).toBe('4 of 100+ devices');
  });
});
