import { describe, expect, it } from 'vitest';
import { putById } from './list-cache';

const row = (Id: number, Name: string) => ({ Id, Name });

describe('putById (spec 03 §4: lists updated by Id)', () => {
  it('replaces the row of that Id in its place', () => {
    expect(putById([row(1, 'a'), row(2, 'b')], row(1, 'A'))).toEqual([row(1, 'A'), row(2, 'b')]);
  });

  it('adds a new row at the end, or at the start of a newest-first list', () => {
    expect(putById([row(1, 'a')], row(2, 'b'))).toEqual([row(1, 'a'), row(2, 'b')]);
    expect(putById([row(1, 'a')], row(2, 'b'), 'start')).toEqual([row(2, 'b'), row(1, 'a')]);
  });

  it('leaves a list that was never loaded alone', () => {
    expect(putById(undefined, row(1, 'a'))).toBeUndefined();
  });
});
