import type { Rollout } from '@shared/libraries/rollout-views';
import { formatListDate, type ListColumn } from '@app/components/list';
import {
  currentStageName,
  progressText,
  ROLLOUT_STATE_LABELS,
  rolloutCounts,
  rolloutDevices,
} from '@app/features/rollouts/model/progress';
import { ProgressBar } from './ProgressBar';
import { RolloutLink } from './RolloutLinks';
import { RolloutStateBadge } from './StateBadge';

function Progress({ rollout }: { rollout: Rollout }) {
  const counts = rolloutCounts(rollout);
  const total = rolloutDevices(rollout);
  return (
    <span className="flex min-w-0 items-center gap-3">
      <span className="w-20 shrink-0">
        <ProgressBar
          label={`Rollout ${String(rollout.Id)}`}
          counts={counts}
          total={total}
          size="sm"
        />
      </span>
      <span className="truncate tabular-nums">{progressText(counts, total)}</span>
    </span>
  );
}

const applied = (r: Rollout) => {
  const total = rolloutDevices(r);
  return total === 0 ? 0 : rolloutCounts(r).applied / total;
};

/**
 * The rollouts list: Id, Description (to the rollout), Customer (a firmware rollout's; on a
 * phone card the line under the description, which may be cut off), State, Stage, Progress,
 * Created.
 */
export const rolloutColumns: readonly ListColumn<Rollout>[] = [
  {
    id: 'id',
    header: 'Id',
    width: 64,
    sortable: true,
    className: 'tabular-nums',
    text: (r) => r.Id,
  },
  {
    id: 'description',
    header: 'Description',
    minWidth: 240,
    card: 'title',
    sortable: true,
    text: (r) => r.Description,
    cell: (r) => <RolloutLink rollout={r} />,
  },
  {
    id: 'customer',
    header: 'Customer',
    minWidth: 140,
    card: 'subtitle',
    sortable: true,
    // QTL moves every device on a protocol code, whoever's it is.
    text: (r) => r.Customer ?? 'All customers',
  },
  {
    id: 'state',
    header: 'State',
    width: 120,
    card: 'badge',
    sortable: true,
    text: (r) => ROLLOUT_STATE_LABELS[r.State],
    cell: (r) => <RolloutStateBadge state={r.State} />,
  },
  { id: 'stage', header: 'Stage', width: 84, text: currentStageName },
  {
    id: 'progress',
    header: 'Progress',
    minWidth: 240,
    card: 'wide',
    sortable: true,
    text: (r) => progressText(rolloutCounts(r), rolloutDevices(r)),
    sortValue: applied,
    cell: (r) => <Progress rollout={r} />,
  },
  {
    id: 'created',
    header: 'Created',
    width: 128,
    sortable: true,
    className: 'tabular-nums',
    text: (r) => formatListDate(r.CreatedAt),
    sortValue: (r) => r.CreatedAt,
  },
];
