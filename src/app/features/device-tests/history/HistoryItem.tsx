import { memo } from 'react';
import type { DeviceTestResult } from '../../../../shared/device-tests';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { formatListDate } from '../../devices/format';
import { ResultBadge } from '../components/item-state';
import { ResultDetails } from './ResultDetails';

interface HistoryItemProps {
  result: DeviceTestResult;
  expanded: boolean;
  onToggle: (id: number) => void;
}

/** Desktop columns; the header row in HistoryList uses the same template. */
export const HISTORY_COLUMNS =
  'grid grid-cols-[2.5rem_9rem_minmax(0,1fr)_11rem_minmax(0,1fr)_7rem]';

function Toggle({ result, expanded, onToggle }: HistoryItemProps) {
  return (
    <button
      type="button"
      aria-expanded={expanded}
      aria-controls={`test-${result.Id}`}
      aria-label={`${expanded ? 'Hide' : 'Show'} details of the test of ${result.IMEI}`}
      onClick={() => {
        onToggle(result.Id);
      }}
      className="grid size-11 place-items-center rounded-lg text-slate-500 hover:bg-slate-100 focus:outline-none focus-visible:outline-2 focus-visible:outline-brand-600 sm:size-9"
    >
      <ChevronDownIcon className={`size-4 transition-transform ${expanded ? 'rotate-180' : ''}`} />
    </button>
  );
}

/** A result as a table row (desktop), its details below it when expanded. */
export const HistoryRow = memo(function HistoryRow(props: HistoryItemProps) {
  const { result, expanded } = props;
  return (
    <div role="rowgroup" className="border-b border-slate-100">
      <div
        role="row"
        className={`${HISTORY_COLUMNS} items-center text-sm text-slate-700 hover:bg-slate-50`}
      >
        <div role="cell" className="pl-1">
          <Toggle {...props} />
        </div>
        <div role="cell" className="px-2 tabular-nums">
          {formatListDate(result.TimeStamp)}
        </div>
        <div role="cell" className="truncate px-2">
          {result.CustomerName}
        </div>
        <div role="cell" className="px-2 font-mono text-xs">
          {result.IMEI}
        </div>
        <div role="cell" className="truncate px-2">
          {result.UserEmail}
        </div>
        <div role="cell" className="px-2">
          <ResultBadge result={result.TestResult} />
        </div>
      </div>
      {expanded && (
        <div id={`test-${result.Id}`} className="bg-slate-50/70 px-12 py-4">
          <ResultDetails result={result} />
        </div>
      )}
    </div>
  );
});

/** A result as a card (phones). */
export const HistoryCard = memo(function HistoryCard(props: HistoryItemProps) {
  const { result, expanded } = props;
  return (
    <article
      aria-label={`Test of ${result.IMEI}`}
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <header className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-sm font-semibold text-slate-900">{result.IMEI}</span>
            <ResultBadge result={result.TestResult} />
          </div>
          <p className="mt-1 truncate text-sm text-slate-600">{result.CustomerName}</p>
          <p className="truncate text-xs text-slate-500">
            {formatListDate(result.TimeStamp)} · {result.UserEmail}
          </p>
        </div>
        <Toggle {...props} />
      </header>
      {expanded && (
        <div id={`test-${result.Id}`} className="mt-3 border-t border-slate-100 pt-3">
          <ResultDetails result={result} />
        </div>
      )}
    </article>
  );
});
