import type { ComponentType, ReactNode, SVGProps } from 'react';
import { NotAvailableOffline, UnlessOffline } from '@app/components/layout/OfflineFallback';
import { EmptyState } from './EmptyState';
import { ErrorState } from './ErrorState';
import { Skeleton } from './Skeleton';
import { useIsOnline } from '@app/lib/connectivity';

/** Grey rows while a table loads; announced once as a status. */
export function TableSkeleton({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <UnlessOffline>
      <div role="status" aria-label={label} className="space-y-3 py-2">
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
    </UnlessOffline>
  );
}

/** Placeholder fields while a form's data loads. */
export function FormSkeleton({ label, fields = 6 }: { label: string; fields?: number }) {
  return (
    <UnlessOffline>
      <div role="status" aria-label={label} className="grid gap-5 sm:grid-cols-2">
        {Array.from({ length: fields }, (_, i) => (
          <div key={i} className="space-y-2">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-11 w-full" />
          </div>
        ))}
      </div>
    </UnlessOffline>
  );
}

interface QueryLike {
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

export function QueryError({ title, query }: { title: string; query: QueryLike }) {
  // Retry cannot work without the server; say what would, instead of offering it.
  if (!useIsOnline()) return <NotAvailableOffline />;
  return (
    <ErrorState
      title={title}
      error={query.error}
      retrying={query.isFetching}
      onRetry={() => void query.refetch()}
    />
  );
}

export function ListEmpty({
  icon,
  title,
  children,
}: {
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  children?: ReactNode;
}) {
  return (
    <EmptyState icon={icon} title={title}>
      {children}
    </EmptyState>
  );
}
