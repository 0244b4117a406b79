import { useMemo, useState } from 'react';
import type { ListColumn } from './columns';

export type SortDirection = 'ascending' | 'descending';
export interface SortState {
  columnId: string;
  direction: SortDirection;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

type Key = string | number | null | undefined;

/** Ascending: numbers by value, texts by the collator; empty values last either way. */
function compareKeys(a: Key, b: Key): number {
  const aEmpty = a === null || a === undefined || a === '';
  const bEmpty = b === null || b === undefined || b === '';
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/** The rows in the order of the sort (a stable sort; the input order without one). */
export function sortRows<T>(
  rows: readonly T[],
  columns: readonly ListColumn<T>[],
  sort: SortState | null,
): readonly T[] {
  const column = sort && columns.find((c) => c.id === sort.columnId);
  const key = column?.sortValue ?? column?.text;
  if (!sort || !key) return rows;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const keyed = rows.map((row) => ({ row, key: key(row) }));
  keyed.sort((a, b) => {
    const order = compareKeys(a.key, b.key);
    // Empty values stay last in both directions.
    const emptyInvolved =
      order !== 0 && (a.key == null || a.key === '' || b.key == null || b.key === '');
    return emptyInvolved ? order : sign * order;
  });
  return keyed.map((k) => k.row);
}

/** A header click: ascending, then descending, then the list's own order again. */
export function nextSort(current: SortState | null, columnId: string): SortState | null {
  if (current?.columnId !== columnId) return { columnId, direction: 'ascending' };
  return current.direction === 'ascending' ? { columnId, direction: 'descending' } : null;
}

/** The sort of a list page and its rows in that order. */
export function useSortedRows<T>(rows: readonly T[], columns: readonly ListColumn<T>[]) {
  const [sort, setSort] = useState<SortState | null>(null);
  const sorted = useMemo(() => sortRows(rows, columns, sort), [rows, columns, sort]);
  return {
    sort,
    sorted,
    toggleSort: (columnId: string) => {
      setSort((current) => nextSort(current, columnId));
    },
  };
}
