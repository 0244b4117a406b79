import { Button } from './Button';
import { Spinner } from './Spinner';

interface LoadMoreProps {
  /** What the list holds, plural ('devices', 'tests'). */
  items: string;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}

/** Under a paged list: more items on their way, or a failed page with its Retry. */
export function LoadMoreStatus({ items, loading, failed, onRetry }: LoadMoreProps) {
  if (loading) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="size-4" />
        Loading more {items}…
      </p>
    );
  }
  if (!failed) return null;
  return (
    <p role="alert" className="flex items-center gap-3 text-sm text-rose-700">
      More {items} could not be loaded.
      <Button variant="secondary" onClick={onRetry} className="px-3 sm:h-8">
        Retry
      </Button>
    </p>
  );
}
