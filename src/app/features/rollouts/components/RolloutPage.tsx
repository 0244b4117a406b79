import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Rollout, RolloutDeviceState } from '@shared/libraries/rollout-views';
import { ROLLOUT_KIND_LABELS } from '@shared/libraries/rollouts';
import { PageContainer } from '@app/components/layout/AppShell';
import { UnlessOffline } from '@app/components/layout/OfflineFallback';
import { formatListDate } from '@app/components/list/table';
import { Card } from '@app/components/ui/Card';
import { focusRing } from '@app/components/ui/focus';
import { Notice } from '@app/components/ui/Notice';
import { PageHeader } from '@app/components/ui/PageHeader';
import { QueryError } from '@app/components/ui/QueryStates';
import { Skeleton } from '@app/components/ui/Skeleton';
import { rolloutQueryOptions } from '@app/features/rollouts/api/rollouts';
import { isLive, pausedText } from '@app/features/rollouts/model/progress';
import { RolloutActions } from './RolloutActions';
import { RolloutDevices } from './RolloutDevices';
import { RolloutFacts } from './RolloutFacts';
import { StageCard } from './StageCard';
import { RolloutStateBadge } from './StateBadge';

interface RolloutPageProps {
  id: number;
  state: RolloutDeviceState | null;
  onStateChange: (state: RolloutDeviceState | null) => void;
}

function BackLink() {
  return (
    <Link
      to="/rollouts"
      className={`-ml-1 mb-2 inline-flex min-h-11 items-center rounded-md px-1 text-sm font-medium text-brand-700 hover:underline ${focusRing}`}
    >
      ← Rollouts
    </Link>
  );
}

/** 'Rollout 12 · QTL · started 14-03-2026 09:05 by admin@demo.test · finished …'. */
function summary(rollout: Rollout): string {
  return [
    `Rollout ${String(rollout.Id)}`,
    ROLLOUT_KIND_LABELS[rollout.Kind],
    `started ${formatListDate(rollout.CreatedAt)}${rollout.CreatedBy ? ` by ${rollout.CreatedBy}` : ''}`,
    rollout.FinishedAt && `finished ${formatListDate(rollout.FinishedAt)}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

function RolloutSkeleton() {
  return (
    <UnlessOffline framed>
      <div role="status" aria-label="Loading the rollout">
        <Skeleton className="mb-2 h-7 w-72" />
        <Skeleton className="mb-6 h-4 w-96 max-w-full" />
        <div className="grid gap-4 lg:grid-cols-3">
          <Skeleton className="h-56" />
          <Skeleton className="h-56" />
          <Skeleton className="h-56" />
        </div>
        <Skeleton className="mt-8 h-72 w-full" />
      </div>
    </UnlessOffline>
  );
}

/**
 * /rollouts/{id}: a mass update's progress, live. The rollout is asked for every 2 s while it
 * runs or is paused; each stage shows its devices by state; Pause, Resume and Cancel act on it;
 * the device table (filtered by state in the URL) follows the counts.
 */
export function RolloutPage({ id, state, onStateChange }: RolloutPageProps) {
  const query = useQuery(rolloutQueryOptions(id));

  if (query.isPending) {
    return (
      <PageContainer>
        <BackLink />
        <RolloutSkeleton />
      </PageContainer>
    );
  }
  if (query.isLoadingError) {
    return (
      <PageContainer>
        <BackLink />
        <PageHeader title="Rollout" />
        <Card>
          <QueryError title="The rollout could not be loaded" query={query} />
        </Card>
      </PageContainer>
    );
  }

  const rollout = query.data;
  const live = isLive(rollout.State);
  return (
    <PageContainer>
      <BackLink />
      <PageHeader
        title={rollout.Description}
        description={
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <RolloutStateBadge state={rollout.State} />
            <span>{summary(rollout)}</span>
          </span>
        }
        actions={<RolloutActions rollout={rollout} />}
      />
      {rollout.State === 'paused' && <Notice>{pausedText(rollout.PauseReason)}</Notice>}
      <div className="grid gap-4 lg:grid-cols-3">
        {rollout.Stages.map((stage) => (
          <StageCard
            key={stage.Index}
            stage={stage}
            current={live && stage.Index === rollout.Stage}
            rolloutState={rollout.State}
          />
        ))}
        <RolloutFacts rollout={rollout} />
      </div>
      <RolloutDevices rollout={rollout} state={state} onStateChange={onStateChange} />
    </PageContainer>
  );
}
