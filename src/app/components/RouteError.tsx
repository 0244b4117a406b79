import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { ForbiddenError, NotFoundError } from '@app/lib/api-errors';
import { PageContainer } from './layout/AppShell';
import { Card } from './ui/Card';
import { ErrorState } from './ui/ErrorState';
import { focusRing } from './ui/focus';

/**
 * Shown instead of a screen that threw while loading or rendering: Retry re-runs the route; a
 * 404 or 403 says 'not found' / 'not allowed' with a way home instead.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const final = error instanceof NotFoundError || error instanceof ForbiddenError;
  return (
    <PageContainer>
      <Card>
        <ErrorState
          title="This page could not be shown"
          error={error}
          onRetry={() => {
            reset();
            void router.invalidate();
          }}
        />
        {final && (
          <p className="-mt-4 pb-6 text-center">
            <Link
              to="/"
              className={`inline-flex min-h-11 items-center rounded-md px-2 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline ${focusRing}`}
            >
              Back to the dashboard
            </Link>
          </p>
        )}
      </Card>
    </PageContainer>
  );
}
