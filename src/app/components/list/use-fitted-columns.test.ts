import { describe, expect, it } from 'vitest';
import type { ListColumn } from './columns';
import { fitColumns } from './use-fitted-columns';

const column = (id: string, width: number, priority?: number): ListColumn<never> => ({
  id,
  header: id,
  width,
  ...(priority !== undefined && { priority }),
});

const COLUMNS = [
  column('plate', 130),
  column('vin', 150, 1),
  column('imei', 120, 3),
  column('card', 140, 2),
  column('date', 120),
];
const ids = (columns: readonly ListColumn<never>[]) => columns.map((c) => c.id);

describe('fitColumns (issue 25: key columns without sideways scrolling)', () => {
  it('keeps every column where they all fit', () => {
    expect(fitColumns(COLUMNS, 660)).toBe(COLUMNS);
  });

  it('lets the lowest priorities go first, only as many as needed, in their order', () => {
    expect(ids(fitColumns(COLUMNS, 659))).toEqual(['plate', 'imei', 'card', 'date']);
    expect(ids(fitColumns(COLUMNS, 500))).toEqual(['plate', 'imei', 'date']);
    expect(ids(fitColumns(COLUMNS, 300))).toEqual(['plate', 'date']);
  });

  it('never drops a column without a priority: below their sum the table scrolls', () => {
    expect(ids(fitColumns(COLUMNS, 100))).toEqual(['plate', 'date']);
  });
});
