import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { LoadMoreStatus } from '@app/components/ui/LoadMoreStatus';
import { PageHeader } from '@app/components/ui/PageHeader';
import { QueryError } from '@app/components/ui/QueryStates';
import { CardList } from './CardList';
import type { ListColumn } from './columns';
import { DataTable } from './DataTable';
import type { ListController } from './list-controller';
import { EmptyList, ListSkeleton, type EmptyText } from './ListStates';
import { ListToolbar } from './ListToolbar';
import { ResultCount, type Noun } from './ResultCount';
import type { ExpandOptions, RowActions, RowFeatures, SelectionOptions } from './row-features';
import { useSortedRows } from './sort';
import { DESKTOP_QUERY, useMediaQuery } from './use-media-query';

export interface ListPageProps<T, F extends string> {
  /** The page title (spec 02: 'Devices', 'Customers'…). */
  title: string;
  description?: ReactNode;
  /** Buttons beside the title ('New Customer'); leave them out for viewers. */
  actions?: ReactNode;
  /** The rows and the search: `useServerList`, `useClientList` or `usePagedClientList`. */
  list: ListController<T, F>;
  columns: readonly ListColumn<T>[];
  rowKey: (row: T) => string | number;
  noun: Noun;
  /** The empty list's texts; the title exactly as the spec quotes it ('No devices found'). */
  empty: EmptyText;
  /** Offers the customer filter (from the shared customers lookup). */
  customerFilter?: boolean;
  /** The search field's placeholder, when 'Search {filter}…' does not fit. */
  placeholder?: string;
  /** Beside the search field: another way to fill it (the devices' label scan). */
  searchAction?: ReactNode;
  selection?: SelectionOptions<T> | undefined;
  rowActions?: RowActions<T> | undefined;
  expand?: ExpandOptions<T> | undefined;
  /**
   * Under the list (the devices' selection footer). `status` is the load-more status, to place
   * in it; `cards` says the phone layout is on.
   */
  footer?: (context: { status: ReactNode; cards: boolean }) => ReactNode;
  /** Shown under the last row once every page is loaded ('End of Data'). */
  endText?: string;
  /** Wide lists (many columns) use the whole screen width. */
  wide?: boolean;
  /**
   * A list inside another screen (a customer's devices tab): no page frame or page title (the
   * title names the section for screen readers), the actions above the search bar.
   */
  embedded?: boolean;
  /** Below the list: the screen's modals. */
  children?: ReactNode;
}

/**
 * One list screen: title, search bar, result count with the busy indicator, and the rows as a
 * virtualised table on desktops or cards on phones, with their loading, empty and error states.
 * See README.md in this folder.
 */
export function ListPage<T, F extends string>(props: ListPageProps<T, F>) {
  const { list, columns, rowKey, noun, selection, rowActions, expand } = props;
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const { sort, sorted, toggleSort } = useSortedRows(list.rows, columns);
  const [expanded, setExpanded] = useState<ReadonlySet<string | number>>(() => new Set());
  const onToggleExpanded = useCallback((key: string | number) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }, []);
  // One object for the memoised rows: they re-render when it changes, not on every scroll.
  const features = useMemo<RowFeatures<T>>(
    () => ({ rowKey, selection, rowActions, expand, expanded, onToggleExpanded }),
    [rowKey, selection, rowActions, expand, expanded, onToggleExpanded],
  );

  const status = (
    <LoadMoreStatus
      items={noun.many}
      loading={list.more.loading}
      failed={list.more.failed}
      onRetry={list.more.retry}
    />
  );
  const footer = props.footer?.({ status, cards: !desktop });
  const loading = `Loading ${noun.many}`;
  const end =
    props.endText && list.status === 'success' && list.rows.length > 0 && !list.more.hasMore;

  let body: ReactNode;
  if (list.status === 'pending') {
    body = <ListSkeleton label={loading} cards={!desktop} columns={columns.length} />;
  } else if (list.status === 'error') {
    body = (
      <QueryError
        title={`The ${noun.many} could not be loaded`}
        query={{ error: list.error, isFetching: list.busy, refetch: list.retry }}
      />
    );
  } else if (sorted.length === 0) {
    body = <EmptyList empty={props.empty} filtered={list.filtered} onClear={list.clearSearch} />;
  } else {
    const view = {
      label: props.title,
      columns,
      rows: sorted,
      features,
      onNearEnd: list.more.loadNear,
    };
    body = desktop ? (
      <DataTable {...view} sort={sort} onSort={toggleSort} />
    ) : (
      <CardList {...view} />
    );
  }

  // Phones: the cards sit on the page; the states get a card of their own.
  const framed = desktop || list.status !== 'success' || sorted.length === 0;
  return (
    <div
      className={
        props.embedded
          ? 'min-w-0'
          : `mx-auto w-full flex-1 px-4 py-5 sm:px-6 sm:py-8 lg:px-5 xl:px-8 ${props.wide ? 'max-w-[120rem]' : 'max-w-7xl'}`
      }
    >
      {props.embedded ? (
        <>
          <h2 className="sr-only">{props.title}</h2>
          {props.actions && (
            <div className="mb-3 flex flex-wrap items-center justify-end gap-2">
              {props.actions}
            </div>
          )}
        </>
      ) : (
        <PageHeader title={props.title} description={props.description} actions={props.actions} />
      )}
      <ListToolbar
        list={list}
        customerFilter={props.customerFilter ?? false}
        placeholder={props.placeholder}
        searchAction={props.searchAction}
      />
      <div className="mt-6 mb-3">
        <ResultCount
          count={list.count}
          noun={noun}
          pending={list.status === 'pending'}
          busy={list.busy}
        />
      </div>
      <section
        aria-label={`${props.title} list`}
        className={
          framed && !(list.status === 'pending' && !desktop)
            ? 'overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200'
            : undefined
        }
      >
        {body}
        {desktop &&
          (footer ??
            ((list.more.loading || list.more.failed) && (
              <div className="border-t border-slate-200 px-4 py-3">{status}</div>
            )))}
      </section>
      {!desktop && (
        <>
          {(list.more.loading || list.more.failed) && <div className="py-3">{status}</div>}
          {footer}
        </>
      )}
      {end && <p className="py-3 text-center text-sm text-slate-600">{props.endText}</p>}
      {props.children}
    </div>
  );
}
