import { useCallback, useEffect, useMemo, useState } from 'react';

/** Marks the parts of a page where a click keeps the selection (list, footer, modal). */
export const SELECTION_ZONE = { 'data-selection-zone': '' } as const;

export interface RowSelection<T> {
  count: number;
  /** The selected rows as they were when selected. */
  rows: T[];
  isSelected: (row: T) => boolean;
  toggle: (row: T) => void;
  /** Selects (or deselects) all of `rows` at once: the header checkbox. */
  setAll: (rows: readonly T[], selected: boolean) => void;
  clear: () => void;
}

/**
 * The checked rows, kept by key with the row itself, so an action on them knows them even when
 * the list behind it has changed. A click outside the selection zones clears it (spec 02
 * "Devices page"); `keepOnOutsideClick` holds it while a modal is open.
 */
export function useRowSelection<T>(
  rowKey: (row: T) => string | number,
  keepOnOutsideClick: boolean,
): RowSelection<T> {
  const [selected, setSelected] = useState<ReadonlyMap<string | number, T>>(() => new Map());

  const clear = useCallback(() => {
    setSelected((current) => (current.size === 0 ? current : new Map()));
  }, []);

  const active = selected.size > 0 && !keepOnOutsideClick;
  useEffect(() => {
    if (!active) return;
    // 'click', not 'pointerdown': a finger that scrolls the page must not clear the selection.
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest('[data-selection-zone]')) return;
      clear();
    };
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('click', onClick);
    };
  }, [active, clear]);

  // Stable, so memoised rows only re-render when their own checkbox changes.
  const toggle = useCallback(
    (row: T) => {
      setSelected((current) => {
        const next = new Map(current);
        const key = rowKey(row);
        if (!next.delete(key)) next.set(key, row);
        return next;
      });
    },
    [rowKey],
  );
  const setAll = useCallback(
    (rows: readonly T[], on: boolean) => {
      setSelected((current) => {
        const next = new Map(current);
        for (const row of rows) {
          if (on) next.set(rowKey(row), row);
          else next.delete(rowKey(row));
        }
        return next;
      });
    },
    [rowKey],
  );

  return useMemo(
    () => ({
      count: selected.size,
      rows: [...selected.values()],
      isSelected: (row) => selected.has(rowKey(row)),
      toggle,
      setAll,
      clear,
    }),
    [selected, rowKey, toggle, setAll, clear],
  );
}
