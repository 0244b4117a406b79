import { Skeleton } from '../../../components/ui/Skeleton';

interface ResultCountProps {
  /** Devices loaded so far; null while the first page loads. */
  loaded: number | null;
  /** All devices in scope (the count call), when the unfiltered list is shown. */
  total: number | undefined;
  /** More pages exist, so `loaded` is a lower bound. */
  more: boolean;
  filtered: boolean;
}

const number = new Intl.NumberFormat('en');

/**
 * The result count. Only the whole list has a count call; for a search or a customer's devices
 * the count is what has loaded, with a '+' while more pages exist.
 */
export function ResultCount({ loaded, total, more, filtered }: ResultCountProps) {
  if (loaded === null) return <Skeleton className="h-5 w-28" />;
  const shown = !filtered && total !== undefined ? total : loaded;
  const plus = (filtered || total === undefined) && more ? '+' : '';
  const noun = shown === 1 && !plus ? 'device' : 'devices';
  return (
    <p aria-live="polite" className="text-sm text-slate-600">
      <span className="font-semibold text-slate-900 tabular-nums">
        {number.format(shown)}
        {plus}
      </span>{' '}
      {noun}
      {filtered ? ' found' : ''}
      {!filtered && total !== undefined && loaded < total && (
        <span className="text-slate-500"> · {number.format(loaded)} loaded</span>
      )}
    </p>
  );
}
