import { memo, type ReactNode } from 'react';
import { cellTextClass, cellTitle, type ListColumn } from './columns';
import { RowExpandToggle, RowSelectBox } from './RowControls';
import type { RowFeatures } from './row-features';

interface DataRowProps<T> {
  row: T;
  /** 0-based position in the list. */
  index: number;
  columns: readonly ListColumn<T>[];
  features: RowFeatures<T>;
  selected: boolean;
  open: boolean;
  height: number;
}

/** A cell: 6 px each side, so identifiers at 12 px fit their fixed widths whole. */
export const TD = 'border-b border-slate-100 px-1.5';

/** A data cell's content: the column's own cell, or its text (a dash when empty). */
export function cellContent<T>(column: ListColumn<T>, row: T): ReactNode {
  if (column.cell) return column.cell(row);
  const value = column.text?.(row);
  return value === null || value === undefined || value === '' ? '–' : value;
}

function DataRowImpl<T>({
  row,
  index,
  columns,
  features,
  selected,
  open,
  height,
}: DataRowProps<T>) {
  const { selection, rowActions, expand } = features;
  return (
    <tr
      aria-rowindex={index + 2}
      aria-selected={selection ? selected : undefined}
      style={{ height }}
      // Opaque colours: the sticky actions cell takes the row's background over what scrolls under it.
      className={selected ? 'bg-brand-50' : 'bg-white hover:bg-slate-50'}
    >
      {expand && (
        <td className={`${TD} pl-1`}>
          <RowExpandToggle expand={expand} features={features} row={row} open={open} />
        </td>
      )}
      {selection && (
        <td className="border-b border-slate-100">
          <RowSelectBox selection={selection} row={row} selected={selected} />
        </td>
      )}
      {columns.map((column) =>
        column.wrap ? (
          // Two lines need a block of their own: a table cell cannot clamp its lines.
          <td
            key={column.id}
            title={cellTitle(column, row)}
            className={`${TD} ${column.className ?? ''}`}
          >
            <div className={cellTextClass(column)}>{cellContent(column, row)}</div>
          </td>
        ) : (
          <td
            key={column.id}
            title={cellTitle(column, row)}
            className={`${TD} truncate ${column.className ?? ''}`}
          >
            {cellContent(column, row)}
          </td>
        ),
      )}
      {rowActions && (
        // Sticks to the right edge: the buttons stay in reach when a wide table scrolls sideways.
        <td className="sticky right-0 border-b border-slate-100 bg-inherit px-0.5 text-right whitespace-nowrap">
          {rowActions.render(row, 'table')}
        </td>
      )}
    </tr>
  );
}

/**
 * One table row. Memoised: scrolling re-renders the table on every frame, and only the rows that
 * come into view (or whose selection changed) should do work.
 */
export const DataRow = memo(DataRowImpl) as typeof DataRowImpl;
