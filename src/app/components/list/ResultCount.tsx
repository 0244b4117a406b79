import { Skeleton } from '@app/components/ui/Skeleton';
import { Spinner } from '@app/components/ui/Spinner';
import type { ListCount } from './list-controller';

/** What the rows are: 'device' / 'devices'. */
export interface Noun {
  one: string;
  many: string;
}

const number = new Intl.NumberFormat('en');

/** The count's words, e.g. '2 devices', '101 devices · 100 loaded', '1 of 3 tests', '100+ devices found'. */
export function countText(count: ListCount, noun: Noun): { figure: string; rest: string } {
  const plural = (n: number, plus: string) => (n === 1 && !plus ? noun.one : noun.many);
  if (count.filter === 'client') {
    const plus = count.more ? '+' : '';
    return {
      figure: number.format(count.shown),
      rest: ` of ${number.format(count.loaded)}${plus} ${plural(count.loaded, plus)}`,
    };
  }
  const total = count.filter === 'none' ? count.total : undefined;
  const shown = total ?? count.loaded;
  const plus = total === undefined && count.more ? '+' : '';
  const loaded = total !== undefined && count.loaded < total;
  return {
    figure: `${number.format(shown)}${plus}`,
    rest:
      ` ${plural(shown, plus)}${count.filter === 'server' ? ' found' : ''}` +
      (loaded ? ` · ${number.format(count.loaded)} loaded` : ''),
  };
}

/**
 * The result count, and the busy indicator beside it while any call of the list runs. The whole
 * list of a server resource has a count call; a search or a customer's rows count what has
 * loaded, with a '+' while more pages exist.
 */
export function ResultCount({
  count,
  noun,
  pending,
  busy,
}: {
  count: ListCount;
  noun: Noun;
  pending: boolean;
  busy: boolean;
}) {
  const text = pending ? null : countText(count, noun);
  return (
    <div className="flex min-h-5 items-center gap-2">
      {text === null ? (
        <Skeleton className="h-5 w-28" />
      ) : (
        <p aria-live="polite" className="text-sm text-slate-700">
          <span className="font-semibold text-slate-900 tabular-nums">{text.figure}</span>
          {text.rest}
        </p>
      )}
      {busy && <Spinner className="size-4 text-brand-700" label="Busy" />}
    </div>
  );
}
