import type { ReactNode } from 'react';
import type { ListColumn } from './columns';

/** The list kit's column, with the cell it always renders here. */
export type Column<T> = Pick<ListColumn<T>, 'header' | 'className'> & {
  cell: (row: T) => ReactNode;
};

interface ResponsiveTableProps<T> {
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Per-row buttons, the last cell. */
  actions?: ((row: T) => ReactNode) | undefined;
}

const isEmpty = (content: ReactNode) => content === '' || content === null || content === undefined;

/**
 * The short, unpaged tables inside a card (a device's requests, forwards, history): every row in
 * the DOM, no virtualisation, no toolbar — use ListPage for a list screen. One table for every
 * size: a table from md up, and on phones each row a card of label/value
 * lines (the labels come from data-label), so nothing scrolls sideways in a cab. Empty values
 * are left off the phone cards, which would otherwise be columns of bare labels.
 */
export function ResponsiveTable<T>({
  label,
  columns,
  rows,
  rowKey,
  actions,
}: ResponsiveTableProps<T>) {
  return (
    // Wide tables (ten forward columns) scroll inside their card rather than stretch the page.
    <div className="md:-mx-1 md:overflow-x-auto md:px-1">
      <table aria-label={label} className="w-full border-separate border-spacing-0 text-sm">
        <thead className="hidden md:table-header-group">
          <tr>
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className="border-b border-slate-200 px-2 py-2 text-left text-xs font-semibold whitespace-nowrap text-slate-500 uppercase"
              >
                {column.header}
              </th>
            ))}
            {actions && (
              <th
                scope="col"
                className="border-b border-slate-200 bg-white px-2 py-2 md:sticky md:right-0"
              >
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody className="block space-y-3 md:table-row-group md:space-y-0">
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              className="block rounded-lg bg-white py-1 ring-1 ring-slate-200 md:table-row md:rounded-none md:py-0 md:ring-0"
            >
              {columns.map((column) => {
                const content = column.cell(row);
                return (
                  <td
                    key={column.header}
                    data-label={column.header}
                    data-empty={isEmpty(content) || undefined}
                    className={`flex items-baseline justify-between gap-4 px-3 py-1.5 text-right text-slate-800 before:shrink-0 before:text-left before:text-xs before:font-semibold before:text-slate-500 before:content-[attr(data-label)] data-empty:hidden md:table-cell md:border-b md:border-slate-100 md:px-2 md:py-2.5 md:text-left md:align-top md:before:content-none md:data-empty:table-cell ${column.className ?? ''}`}
                  >
                    {content}
                  </td>
                );
              })}
              {actions && (
                // Sticks to the right edge: the buttons stay in reach when a wide table scrolls.
                <td className="flex justify-end gap-2 px-3 py-1.5 md:sticky md:right-0 md:table-cell md:border-b md:border-slate-100 md:bg-white md:px-2 md:py-1.5 md:text-right md:whitespace-nowrap">
                  {actions(row)}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
