import type { ComponentType, ReactNode, SVGProps } from 'react';
import { ForbiddenError, NotFoundError } from '@app/lib/api-errors';
import { Button } from './Button';
import { AlertIcon, LockIcon, MapPinOffIcon } from './icons';

interface ErrorStateProps {
  title?: string;
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
}

export const NOT_FOUND_TITLE = 'Not found';
export const NOT_ALLOWED_TITLE = 'Not allowed';

/**
 * A failed load. A 404 (missing, or another customer's) and a 403 say so without a Retry, as
 * asking again cannot change the answer; anything else offers Retry.
 */
export function ErrorState({
  title = 'Something went wrong',
  error,
  onRetry,
  retrying = false,
}: ErrorStateProps) {
  if (error instanceof NotFoundError) {
    return (
      <ErrorPanel icon={MapPinOffIcon} title={NOT_FOUND_TITLE}>
        {error.message}: it does not exist, or your account cannot see it.
      </ErrorPanel>
    );
  }
  if (error instanceof ForbiddenError) {
    return (
      <ErrorPanel icon={LockIcon} title={NOT_ALLOWED_TITLE}>
        {error.message}. Your account is not allowed to open this.
      </ErrorPanel>
    );
  }
  const message = error instanceof Error ? error.message : 'The data could not be loaded.';
  return (
    <ErrorPanel icon={AlertIcon} title={title} tone="rose">
      {message}
      <Button
        variant="secondary"
        className="mt-5"
        onClick={onRetry}
        disabled={retrying}
        loading={retrying}
      >
        Retry
      </Button>
    </ErrorPanel>
  );
}

const tones = {
  rose: 'bg-rose-50 text-rose-600',
  slate: 'bg-slate-100 text-slate-600',
} as const;

function ErrorPanel({
  icon: Icon,
  title,
  tone = 'slate',
  children,
}: {
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  tone?: keyof typeof tones;
  children: ReactNode;
}) {
  return (
    <div role="alert" className="flex flex-col items-center justify-center px-4 py-10 text-center">
      <span className={`mb-4 grid size-12 place-items-center rounded-full ${tones[tone]}`}>
        <Icon className="size-6" />
      </span>
      <p className="text-base font-semibold text-slate-900">{title}</p>
      <div className="mt-1 flex max-w-sm flex-col items-center text-sm break-words text-slate-600">
        {children}
      </div>
    </div>
  );
}
