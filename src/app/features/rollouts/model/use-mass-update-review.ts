import { useMutation, useQuery } from '@tanstack/react-query';
import { useSelector } from '@tanstack/react-form';
import * as v from 'valibot';
import type { Rollout } from '@shared/libraries/rollout-views';
import {
  canarySize,
  rolloutSize,
  ROLLOUT_DEFAULTS,
  RolloutOptionsSchema,
  type MassUpdateTarget,
} from '@shared/libraries/rollouts';
import { useAppForm } from '@app/components/form';
import { rolloutPreviewQueryOptions } from '@app/features/rollouts/api/rollouts';
import { startRolloutMutationOptions } from '@app/features/rollouts/api/rollout-mutations';
import { isNothingToUpdate, isTargetError, rolloutOptionDefaults } from './review';

interface ReviewOptions {
  /** The target under review; null while it is still being chosen. */
  target: MassUpdateTarget | null;
  onStarted: (rollout: Rollout) => void;
  /** The server refused the target itself (a 400 on `Target.*`): the first step must change. */
  onTargetRefused: (error: unknown) => void;
}

const validPercent = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 100
    ? value
    : fallback;

/**
 * The review step's state: the target's preview, the options form (RolloutOptionsSchema, the
 * shared defaults) whose submit starts the rollout, and how many devices it would update with
 * the options as they stand.
 */
export function useMassUpdateReview({ target, onStarted, onTargetRefused }: ReviewOptions) {
  const preview = useQuery(rolloutPreviewQueryOptions(target));
  const start = useMutation(startRolloutMutationOptions());
  const form = useAppForm({
    defaultValues: rolloutOptionDefaults(),
    validators: { onChange: RolloutOptionsSchema },
    onSubmit: async ({ value }) => {
      if (target === null) return;
      try {
        const options = v.parse(RolloutOptionsSchema, value);
        onStarted(await start.mutateAsync({ Target: target, ...options }));
      } catch (error) {
        if (isTargetError(error)) onTargetRefused(error);
        // Nothing would change any more (another rollout took the devices since): the preview
        // shows how things stand now.
        else if (isNothingToUpdate(error)) void preview.refetch();
        throw error;
      }
    },
  });
  const includeOffline = useSelector(form.store, (s) => s.values.IncludeOffline ?? false);
  const canaryPercent = useSelector(form.store, (s) =>
    validPercent(s.values.CanaryPercent, ROLLOUT_DEFAULTS.CanaryPercent),
  );
  const size = preview.data ? rolloutSize(preview.data.Counts, includeOffline) : 0;
  return {
    preview,
    form,
    includeOffline,
    /** Devices the rollout would update. */
    size,
    /** Of which the canary. */
    canary: canarySize(size, canaryPercent),
  };
}

export type MassUpdateReviewState = ReturnType<typeof useMassUpdateReview>;
