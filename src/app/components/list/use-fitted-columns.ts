import { useEffect, useMemo, useState, type RefObject } from 'react';
import { columnWidth, type ListColumn } from './columns';

/**
 * The columns that fit `room` px: while they do not, the column with the lowest `priority`
 * leaves, then the next; columns without a priority always stay.
 */
export function fitColumns<C extends ListColumn<never>>(
  columns: readonly C[],
  room: number,
): readonly C[] {
  let total = columns.reduce((sum, c) => sum + columnWidth(c), 0);
  if (total <= room) return columns;
  const optional = columns
    .filter((c) => c.priority !== undefined)
    .sort((a, b) => (a.priority ?? 0) - (b.priority ?? 0));
  const left = new Set<string>();
  for (const column of optional) {
    if (total <= room) break;
    left.add(column.id);
    total -= columnWidth(column);
  }
  return left.size === 0 ? columns : columns.filter((c) => !left.has(c.id));
}

/**
 * `fitColumns` for the table's scroll box, following its width (`fixed`: the checkbox, toggle
 * and actions columns). Until the box is measured (and where nothing is laid out, as in unit
 * tests) every column stays.
 */
export function useFittedColumns<T>(
  columns: readonly ListColumn<T>[],
  box: RefObject<HTMLElement | null>,
  fixed: number,
): readonly ListColumn<T>[] {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      setWidth(element.clientWidth);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [box]);
  return useMemo(
    () =>
      width > 0 ? fitColumns(columns as readonly ListColumn<never>[], width - fixed) : columns,
    [columns, width, fixed],
  ) as readonly ListColumn<T>[];
}
