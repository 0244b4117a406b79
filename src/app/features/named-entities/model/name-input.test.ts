import { describe, expect, it } from 'vitest';
import { cleanName } from '@shared/access/names';
import { droppedCharacters, keepNameCharacters } from './name-input';

describe('the name field as it is typed', () => {
  it('keeps letters (any script), digits, underscore and spaces, dropping the rest', () => {
    expect(keepNameCharacters('Night-shift planner!')).toBe('Nightshift planner');
    expect(keepNameCharacters('Fahrer_Übersicht 2')).toBe('Fahrer_Übersicht 2');
    expect(keepNameCharacters('a.b,c;d/e\\f<g>h"i\'j')).toBe('abcdefghij');
    expect(keepNameCharacters('tab\there')).toBe('tabhere');
  });

  it('keeps spaces while typing, even at the ends, so a second word can follow', () => {
    expect(keepNameCharacters('Night ')).toBe('Night ');
    expect(keepNameCharacters(' x ')).toBe(' x ');
  });

  it('agrees with the shared rule once trimmed, whatever is typed', () => {
    for (const typed of ['  Fuel $ Reports! ', '@@@', 'émoji 🚚 fleet', 'ab_1 - 2', '']) {
      expect(keepNameCharacters(typed).trim()).toBe(cleanName(typed));
    }
  });

  it('names what it dropped, once each', () => {
    expect(droppedCharacters('a-b-c!')).toEqual(['-', '!']);
    expect(droppedCharacters('plain name')).toEqual([]);
  });
});
