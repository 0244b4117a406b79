import { ChevronDownIcon } from '@app/components/ui/icons';
import { focusRingInset } from '@app/components/ui/focus';
import { cellTextClass, type ListColumn } from './columns';
import type { SortState } from './sort';

interface TableHeaderProps<T> {
  columns: readonly ListColumn<T>[];
  sort: SortState | null;
  onSort: (columnId: string) => void;
}

const TH = 'border-b border-slate-200 text-left text-xs font-semibold text-slate-700';
/** A plain header's padding; a sortable one's button has its own (with `p-0` they would add up). */
const TH_PAD = 'px-1.5 py-2.5';

/** The header cells of the data columns; a sortable one is a button announcing its order. */
export function TableHeaderCells<T>({ columns, sort, onSort }: TableHeaderProps<T>) {
  return columns.map((column) => {
    if (!column.sortable) {
      return (
        <th
          key={column.id}
          scope="col"
          className={`${TH} ${TH_PAD} ${column.wrap ? 'break-words' : 'truncate'}`}
          title={column.header}
        >
          {column.header}
        </th>
      );
    }
    const direction = sort?.columnId === column.id ? sort.direction : undefined;
    return (
      <th key={column.id} scope="col" aria-sort={direction ?? 'none'} className={TH}>
        <button
          type="button"
          onClick={() => {
            onSort(column.id);
          }}
          title={`Sort by ${column.header}`}
          className={`flex h-10 w-full items-center gap-1 px-1.5 text-left hover:bg-slate-100 hover:text-slate-900 ${focusRingInset}`}
        >
          <span className={cellTextClass(column)}>{column.header}</span>
          <ChevronDownIcon
            aria-hidden="true"
            className={`size-3.5 shrink-0 transition-transform ${
              direction === undefined ? 'opacity-30' : direction === 'ascending' ? 'rotate-180' : ''
            }`}
          />
        </button>
      </th>
    );
  });
}
