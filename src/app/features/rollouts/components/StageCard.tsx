import type { RolloutStage, RolloutState } from '@shared/libraries/rollout-views';
import { formatListDate } from '@app/components/list/table';
import { Card } from '@app/components/ui/Card';
import {
  devicesText,
  progressText,
  stageName,
  stagePercentText,
  stageStatus,
} from '@app/features/rollouts/model/progress';
import { ProgressBar, StateLegend } from './ProgressBar';

/** 'Canary · 13 devices': the stage's progress bar, its legend with counts, and its times. */
export function StageCard({
  stage,
  current,
  rolloutState,
}: {
  stage: RolloutStage;
  current: boolean;
  rolloutState: RolloutState;
}) {
  const name = stageName(stage);
  return (
    <Card
      title={
        <>
          {name}
          <span className="font-normal text-slate-600"> · {devicesText(stage.Devices)}</span>
        </>
      }
      actions={
        <span className={`text-xs font-medium ${current ? 'text-brand-800' : 'text-slate-600'}`}>
          {current ? 'Current stage' : stageStatus(stage, rolloutState)}
        </span>
      }
    >
      <div className="mb-2 flex items-baseline justify-between gap-3 text-sm">
        <span className="text-slate-700">{progressText(stage.Counts, stage.Devices)}</span>
        <span className="font-semibold text-slate-900 tabular-nums">
          {stagePercentText(stage, rolloutState)}
        </span>
      </div>
      <ProgressBar label={name} counts={stage.Counts} total={stage.Devices} />
      <div className="mt-4">
        <StateLegend counts={stage.Counts} />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 border-t border-slate-100 pt-3 text-sm">
        <div>
          <dt className="text-slate-600">Started</dt>
          <dd className="font-medium text-slate-900 tabular-nums">
            {stage.StartedAt ? formatListDate(stage.StartedAt) : '–'}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Finished</dt>
          <dd className="font-medium text-slate-900 tabular-nums">
            {stage.FinishedAt ? formatListDate(stage.FinishedAt) : '–'}
          </dd>
        </div>
      </dl>
    </Card>
  );
}
