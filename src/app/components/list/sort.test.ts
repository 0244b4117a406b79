import { describe, expect, it } from 'vitest';
import type { ListColumn } from './columns';
import { nextSort, sortRows } from './sort';

interface Row {
  id: number;
  name: string | null;
  seen: string;
}
const rows: Row[] = [
  { id: 1, name: 'vega', seen: '2026-11-02' },
  { id: 2, name: null, seen: '2026-11-01' },
  { id: 3, name: 'Atlas 10', seen: '2026-11-03' },
  { id: 4, name: 'Atlas 9', seen: '2026-11-01' },
];
const columns: ListColumn<Row>[] = [
  { id: 'id', header: 'Id', text: (r) => r.id },
  { id: 'name', header: 'Name', text: (r) => r.name },
  {
    id: 'seen',
    header: 'Seen',
    text: (r) => r.seen.split('-').reverse().join('-'),
    sortValue: (r) => r.seen,
  },
];
const ids = (columnId: string, direction: 'ascending' | 'descending') =>
  sortRows(rows, columns, { columnId, direction }).map((r) => r.id);

describe('sortRows (client-side sort of the loaded rows)', () => {
  it('sorts texts ignoring case with numbers in them by value, empty values last', () => {
    expect(ids('name', 'ascending')).toEqual([4, 3, 1, 2]);
    // Empty values stay last when the order turns.
    expect(ids('name', 'descending')).toEqual([1, 3, 4, 2]);
  });

  it('sorts numbers by value and uses sortValue over the shown text', () => {
    expect(ids('id', 'descending')).toEqual([4, 3, 2, 1]);
    // Shown as DD-MM-YYYY, sorted by the ISO date; equal keys keep their order (stable).
    expect(ids('seen', 'ascending')).toEqual([2, 4, 1, 3]);
  });

  it('keeps the list order without a sort or for an unknown column', () => {
    expect(sortRows(rows, columns, null)).toBe(rows);
    expect(sortRows(rows, columns, { columnId: 'nope', direction: 'ascending' })).toBe(rows);
  });
});

describe('nextSort (a header click)', () => {
  it('goes ascending, descending, then back to the list order', () => {
    const first = nextSort(null, 'name');
    expect(first).toEqual({ columnId: 'name', direction: 'ascending' });
    const second = nextSort(first, 'name');
    expect(second).toEqual({ columnId: 'name', direction: 'descending' });
    expect(nextSort(second, 'name')).toBeNull();
  });

  it('starts ascending on another column', () => {
    expect(nextSort({ columnId: 'name', direction: 'descending' }, 'id')).toEqual({
      columnId: 'id',
      direction: 'ascending',
    });
  });
});
