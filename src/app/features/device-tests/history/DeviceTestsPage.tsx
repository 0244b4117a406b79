import { LoadMoreStatus } from '../../../components/ui/LoadMoreStatus';
import { useDeferredValue, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { ErrorState } from '../../../components/ui/ErrorState';
import { PageHeader } from '../../../components/ui/PageHeader';
import { TextField } from '../../../components/ui/TextField';
import { RefreshIcon } from '../../../components/ui/icons';
import { useMediaQuery } from '../../devices/use-media-query';
import { HISTORY_SEARCH_FIELDS } from '../model/history-search';
import { HistoryList } from './HistoryList';
import { HistorySkeleton } from './HistorySkeleton';
import { NoTests } from './NoTests';
import { useTestHistory } from './use-test-history';
import { PAGE_FRAME } from '../components/page-frame';

const tests = (n: number) => (n === 1 ? '1 test' : `${String(n)} tests`);

/** '3 of 120 tests' while searching; a '+' while older pages are not loaded yet. */
function countText(shown: number, loaded: number, searching: boolean, more: boolean): string {
  const total = more ? `${String(loaded)}+ tests` : tests(loaded);
  return searching ? `${String(shown)} of ${total}` : total;
}

/** /devicetests: the stored installation tests, searchable, each expandable (spec 03 §2). */
export function DeviceTestsPage() {
  const desktop = useMediaQuery('(min-width: 768px)');
  const [text, setText] = useState('');
  // Typing stays instant while a long list filters behind it.
  const search = useDeferredValue(text);
  const { query, all, shown, loadMore, searching } = useTestHistory(search);
  const more = (
    <LoadMoreStatus
      items="tests"
      loading={query.isFetchingNextPage}
      failed={query.isFetchNextPageError}
      onRetry={() => void query.fetchNextPage()}
    />
  );

  return (
    <div className={`${PAGE_FRAME} max-w-7xl`}>
      <PageHeader
        title="Device Tests Overview"
        description="Every finished installation test, newest first."
        actions={
          <Button
            variant="secondary"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
            loading={query.isRefetching && !query.isFetchingNextPage}
          >
            {!(query.isRefetching && !query.isFetchingNextPage) && (
              <RefreshIcon className="size-4" />
            )}
            Refresh
          </Button>
        }
      />
      <div role="search" className="mb-4 max-w-xl">
        <TextField
          label="Search"
          type="search"
          value={text}
          autoComplete="off"
          placeholder={HISTORY_SEARCH_FIELDS.join(', ')}
          hint={
            query.data
              ? countText(shown.length, all.length, searching, query.hasNextPage)
              : undefined
          }
          onChange={(e) => {
            setText(e.target.value);
          }}
        />
      </div>
      <section
        aria-label="Device test list"
        className={
          desktop ? 'overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200' : ''
        }
      >
        {query.isPending ? (
          <HistorySkeleton desktop={desktop} />
        ) : query.isError && all.length === 0 ? (
          <ErrorState
            title="The device tests could not be loaded"
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : shown.length === 0 && !query.isFetchingNextPage ? (
          <NoTests
            search={search}
            onClear={() => {
              setText('');
            }}
          />
        ) : (
          <HistoryList results={shown} desktop={desktop} onNearEnd={loadMore} />
        )}
        {(query.isFetchingNextPage || query.isFetchNextPageError) && (
          <div className="border-t border-slate-200 px-4 py-3">{more}</div>
        )}
      </section>
    </div>
  );
}
