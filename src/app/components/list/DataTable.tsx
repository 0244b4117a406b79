import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef } from 'react';
import { columnWidth } from './columns';
import { DataRow, TD } from './DataRow';
import { LOAD_AHEAD_ROWS, type ListViewProps } from './row-features';
import { RowCheckbox } from './RowControls';
import type { SortState } from './sort';
import { TableHeaderCells } from './TableHeader';
import { useFittedColumns } from './use-fitted-columns';
import { SELECTION_ZONE } from './use-row-selection';

const ROW_HEIGHT = 44;
/** The expand toggle's and the checkbox's column: their 44 px targets and a little air. */
const CONTROL_WIDTH = 48;
const CHECKBOX_WIDTH = 44;
const ACTIONS_WIDTH = 48;

interface DataTableProps<T> extends ListViewProps<T> {
  sort: SortState | null;
  onSort: (columnId: string) => void;
}

/**
 * The desktop table: only the rows in view (plus some overscan) are in the DOM, so thousands of
 * rows scroll as smoothly as a hundred. Fixed column widths keep the columns from jumping as
 * different rows scroll by; the header sticks to the top of the scroll box. Rows that open
 * (details) are each their own row group and measured.
 */
export function DataTable<T>({
  label,
  columns: allColumns,
  rows,
  features,
  sort,
  onSort,
  onNearEnd,
}: DataTableProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const { selection, rowActions, expand, rowKey } = features;

  // No React Compiler here; the virtualizer re-renders the table itself when it scrolls.
  // eslint-disable-next-line react-hooks/incompatible-library -- see above
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => {
      const row = rows[index];
      return row === undefined ? index : rowKey(row);
    },
    overscan: 8,
    // React batches the re-renders of a fast scroll instead of rendering in every scroll event.
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (lastIndex >= rows.length - LOAD_AHEAD_ROWS) onNearEnd();
  }, [lastIndex, rows.length, onNearEnd]);

  const padTop = items[0]?.start ?? 0;
  const padBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const actionsWidth = rowActions ? (rowActions.width ?? ACTIONS_WIDTH) : 0;
  const controls = (expand ? CONTROL_WIDTH : 0) + (selection ? CHECKBOX_WIDTH : 0);
  // Optional columns give way where the box is narrow, so the key ones never need scrolling.
  const columns = useFittedColumns(allColumns, scrollRef, controls + actionsWidth);
  const span = columns.length + (expand ? 1 : 0) + (selection ? 1 : 0) + (rowActions ? 1 : 0);
  const minWidth = columns.reduce((sum, c) => sum + columnWidth(c), 0) + controls + actionsWidth;
  // Not on every scroll frame: only when the rows or the selection change.
  const allSelected = useMemo(
    () =>
      selection !== undefined &&
      rows.length > 0 &&
      rows.every((r) => selection.state.isSelected(r)),
    [rows, selection],
  );

  const spacer = (height: number) =>
    height > 0 && (
      <tr aria-hidden="true" style={{ height }}>
        <td colSpan={span} />
      </tr>
    );
  const rowOf = (index: number, key: string | number | bigint) => {
    const row = rows[index];
    if (row === undefined) return null;
    const open = features.expanded.has(rowKey(row));
    const dataRow = (
      <DataRow
        key={expand ? undefined : String(key)}
        row={row}
        index={index}
        columns={columns}
        features={features}
        selected={selection?.state.isSelected(row) ?? false}
        open={open}
        height={ROW_HEIGHT}
      />
    );
    if (!expand) return dataRow;
    // Each row with its details is a row group, measured: an open row is taller.
    return (
      <tbody key={String(key)} data-index={index} ref={virtualizer.measureElement}>
        {dataRow}
        {open && (
          <tr>
            <td colSpan={span} className="border-b border-slate-100 bg-slate-50/70 px-12 py-4">
              <div id={expand.id(row)}>{expand.render(row)}</div>
            </td>
          </tr>
        )}
      </tbody>
    );
  };

  return (
    <div
      ref={scrollRef}
      {...(selection ? SELECTION_ZONE : {})}
      // Layout and paint stay inside the box: a scrolled row never makes the page lay out again.
      className="max-h-[calc(100dvh-19rem)] min-h-64 overflow-auto overscroll-contain [contain:content]"
    >
      <table
        aria-label={label}
        aria-rowcount={rows.length + 1}
        style={{ minWidth }}
        className="w-full table-fixed border-separate border-spacing-0 text-xs text-slate-800"
      >
        <colgroup>
          {expand && <col style={{ width: CONTROL_WIDTH }} />}
          {selection && <col style={{ width: CHECKBOX_WIDTH }} />}
          {columns.map((c) => (
            <col key={c.id} style={c.width ? { width: c.width } : undefined} />
          ))}
          {rowActions && <col style={{ width: actionsWidth }} />}
        </colgroup>
        <thead className="sticky top-0 z-10 bg-slate-50">
          <tr aria-rowindex={1}>
            {expand && (
              <th scope="col" className={`${TD} border-slate-200`}>
                <span className="sr-only">Details</span>
              </th>
            )}
            {selection && (
              <th scope="col" className="border-b border-slate-200">
                <RowCheckbox
                  label={selection.allLabel}
                  checked={allSelected}
                  indeterminate={!allSelected && selection.state.count > 0}
                  disabledReason={selection.disabledReason}
                  onChange={() => {
                    selection.state.setAll(rows, !allSelected);
                  }}
                />
              </th>
            )}
            <TableHeaderCells columns={columns} sort={sort} onSort={onSort} />
            {rowActions && (
              <th scope="col" className={`${TD} sticky right-0 border-slate-200 bg-slate-50`}>
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        {expand ? (
          <>
            <tbody aria-hidden="true">{spacer(padTop)}</tbody>
            {items.map((item) => rowOf(item.index, item.key))}
            <tbody aria-hidden="true">{spacer(padBottom)}</tbody>
          </>
        ) : (
          <tbody>
            {spacer(padTop)}
            {items.map((item) => rowOf(item.index, item.key))}
            {spacer(padBottom)}
          </tbody>
        )}
      </table>
    </div>
  );
}
