import { memo } from 'react';
import { cellTitle, type ListColumn } from './columns';
import { cellContent } from './DataRow';
import { RowExpandToggle, RowSelectBox } from './RowControls';
import type { RowFeatures } from './row-features';

interface ListCardProps<T> {
  row: T;
  columns: readonly ListColumn<T>[];
  features: RowFeatures<T>;
  selected: boolean;
  open: boolean;
}

const placeOf = (column: ListColumn<never>) => column.card ?? 'field';

/**
 * A row on a phone: the title column (the identifier) with its subtitle and badge in the header,
 * the other columns as labelled values, the row's actions in the footer.
 */
function ListCardImpl<T>({ row, columns, features, selected, open }: ListCardProps<T>) {
  const { selection, rowActions, expand } = features;
  const title = columns.find((c) => placeOf(c) === 'title');
  const subtitle = columns.find((c) => placeOf(c) === 'subtitle');
  const badge = columns.find((c) => placeOf(c) === 'badge');
  const fields = columns.filter((c) => ['field', 'wide'].includes(placeOf(c)));
  const name = title ? cellTitle(title, row) : undefined;

  return (
    <article
      aria-label={name}
      className={`rounded-xl bg-white p-3 shadow-sm ring-1 sm:p-4 ${selected ? 'ring-2 ring-brand-500' : 'ring-slate-200'}`}
    >
      <header className="flex items-start gap-1">
        {selection && (
          <span className="-ml-1.5">
            <RowSelectBox selection={selection} row={row} selected={selected} />
          </span>
        )}
        {/* The title fills a 44 px line (a link is a finger's target), level with the controls. */}
        <div className="min-w-0 flex-1">
          {title && (
            <div
              className={`flex min-h-11 items-center text-base font-medium text-slate-900 ${title.wrap ? 'break-words' : 'truncate'}`}
            >
              {cellContent(title, row)}
            </div>
          )}
          {subtitle && (
            <div
              className={`-mt-1 text-sm text-slate-700 ${subtitle.wrap ? 'break-words' : 'truncate'}`}
            >
              {cellContent(subtitle, row)}
            </div>
          )}
        </div>
        {badge && (
          <div className="flex min-h-11 shrink-0 items-center text-sm text-slate-700">
            {cellContent(badge, row)}
          </div>
        )}
        {expand && (
          <span className="-mr-1.5">
            <RowExpandToggle expand={expand} features={features} row={row} open={open} />
          </span>
        )}
      </header>
      {fields.length > 0 && (
        <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2">
          {fields.map((column) => (
            <div
              key={column.id}
              className={placeOf(column) === 'wide' ? 'col-span-2 min-w-0' : 'min-w-0'}
            >
              <dt className="text-xs text-slate-600">{column.header}</dt>
              <dd
                className={`text-sm text-slate-900 ${column.wrap ? 'break-words' : 'truncate'}`}
                title={cellTitle(column, row)}
              >
                {cellContent(column, row)}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {rowActions && (
        <footer className="mt-3 flex justify-end gap-2 border-t border-slate-100 pt-2">
          {rowActions.render(row, 'card')}
        </footer>
      )}
      {expand && open && (
        <div id={expand.id(row)} className="mt-3 border-t border-slate-100 pt-3">
          {expand.render(row)}
        </div>
      )}
    </article>
  );
}

/** Memoised like the table's rows: scrolling re-renders the list, not every card. */
export const ListCard = memo(ListCardImpl) as typeof ListCardImpl;
