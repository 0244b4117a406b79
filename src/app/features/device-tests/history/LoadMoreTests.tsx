import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';

/** Under the list: more tests on their way, or a failed page with its Retry. */
export function LoadMoreTests({
  loading,
  failed,
  onRetry,
}: {
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  if (loading) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="size-4" />
        Loading more tests…
      </p>
    );
  }
  if (!failed) return null;
  return (
    <p role="alert" className="flex items-center gap-3 text-sm text-rose-700">
      More tests could not be loaded.
      <Button variant="secondary" onClick={onRetry} className="h-8 px-3">
        Retry
      </Button>
    </p>
  );
}
