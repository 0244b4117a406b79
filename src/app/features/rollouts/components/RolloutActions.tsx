import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { Rollout } from '@shared/libraries/rollout-views';
import { Button } from '@app/components/ui/Button';
import { ConfirmDialog } from '@app/components/ui/ConfirmDialog';
import { useIsOnline } from '@app/lib/connectivity';
import {
  rolloutActionMutationOptions,
  type RolloutAction,
} from '@app/features/rollouts/api/rollout-mutations';

export const CANCEL_ROLLOUT_MESSAGE =
  'Cancel this rollout? Devices that have not received the update will not get it.';

/**
 * Pause (running), Resume (paused) and Cancel (either, after a confirmation). A finished
 * rollout offers none. One call at a time: the buttons wait for it, and for the connection.
 */
export function RolloutActions({ rollout }: { rollout: Rollout }) {
  const action = useMutation(rolloutActionMutationOptions(rollout.Id));
  const [confirming, setConfirming] = useState(false);
  const online = useIsOnline();
  if (rollout.State !== 'running' && rollout.State !== 'paused') return null;

  const busy = action.isPending || !online;
  const run = (which: RolloutAction) => {
    action.mutate(which, {
      onSettled: () => {
        setConfirming(false);
      },
    });
  };
  const pending = (which: RolloutAction) => action.isPending && action.variables === which;

  return (
    <div className="flex flex-wrap gap-2">
      {rollout.State === 'running' ? (
        <Button
          key="pause"
          variant="secondary"
          disabled={busy}
          loading={pending('pause')}
          onClick={() => {
            run('pause');
          }}
        >
          Pause
        </Button>
      ) : (
        <Button
          key="resume"
          disabled={busy}
          loading={pending('resume')}
          onClick={() => {
            run('resume');
          }}
        >
          Resume
        </Button>
      )}
      <Button
        variant="secondary"
        disabled={busy}
        onClick={() => {
          setConfirming(true);
        }}
      >
        Cancel rollout
      </Button>
      <ConfirmDialog
        open={confirming}
        message={CANCEL_ROLLOUT_MESSAGE}
        busy={pending('cancel')}
        onConfirm={() => {
          run('cancel');
        }}
        onCancel={() => {
          setConfirming(false);
        }}
      />
    </div>
  );
}
