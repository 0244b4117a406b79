import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { PageContainer } from './layout/AppShell';
import { Card } from './ui/Card';
import { ErrorState } from './ui/ErrorState';

/** Shown instead of a screen that threw while loading or rendering; Retry re-runs the route. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
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
      </Card>
    </PageContainer>
  );
}
