import { Button } from './Button';
import { AlertIcon } from './icons';

interface ErrorStateProps {
  title?: string;
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
}

export function ErrorState({
  title = 'Something went wrong',
  error,
  onRetry,
  retrying = false,
}: ErrorStateProps) {
  const message = error instanceof Error ? error.message : 'The data could not be loaded.';
  return (
    <div role="alert" className="flex flex-col items-center justify-center px-4 py-10 text-center">
      <span className="mb-4 grid size-12 place-items-center rounded-full bg-rose-50 text-rose-600">
        <AlertIcon className="size-6" />
      </span>
      <p className="text-base font-semibold text-slate-900">{title}</p>
      <p className="mt-1 max-w-sm text-sm break-words text-slate-600">{message}</p>
      <Button
        variant="secondary"
        className="mt-5"
        onClick={onRetry}
        disabled={retrying}
        loading={retrying}
      >
        Retry
      </Button>
    </div>
  );
}
