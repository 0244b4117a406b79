import { mutationOptions } from '@tanstack/react-query';
import { toast } from '@app/lib/toast';
import { libraryApiPaths } from '@shared/libraries/api-paths-libraries';
import { RolloutSchema, type Rollout } from '@shared/libraries/rollout-views';
import type { StartRollout } from '@shared/libraries/rollouts';
import { api } from '@app/lib/api-client';
import { rolloutKeys } from './keys';
import { parseAnswer } from './parse-answer';

/**
 * `POST rollouts/`: starts a rollout of the reviewed target with the chosen options. A 400's
 * `{ errors }` lands on the option fields it names (the api client toasts every one). The
 * started rollout seeds its screen's cache; the list loads again. The caller toasts (each
 * library in its spec's words) and closes the dialog.
 */
export const startRolloutMutationOptions = () =>
  mutationOptions({
    mutationKey: rolloutKeys.start(),
    mutationFn: async (body: StartRollout) =>
      parseAnswer(
        RolloutSchema,
        await api.post<unknown>(libraryApiPaths.rollouts, body),
        'rollout',
      ),
    onSuccess: (rollout, _body, _result, { client }) => {
      client.setQueryData(rolloutKeys.detail(rollout.Id), rollout);
      return client.invalidateQueries({ queryKey: rolloutKeys.lists() });
    },
  });

export type RolloutAction = 'pause' | 'resume' | 'cancel';

const DONE: Record<RolloutAction, string> = {
  pause: 'paused',
  resume: 'resumed',
  cancel: 'cancelled',
};

/** 'Rollout 12 paused'. */
export const rolloutActionDone = (action: RolloutAction, rollout: Pick<Rollout, 'Id'>) =>
  `Rollout ${String(rollout.Id)} ${DONE[action]}`;

/**
 * `POST rollouts/{id}/pause|resume|cancel`: answers the rollout, which replaces the cached one;
 * its devices and the list load again (a cancel withdraws devices). A 400 (not allowed in its
 * state, e.g. it finished meanwhile) is toasted by the api client and the rollout reloads.
 */
export const rolloutActionMutationOptions = (id: number) =>
  mutationOptions({
    mutationKey: rolloutKeys.action(id),
    mutationFn: async (action: RolloutAction) =>
      parseAnswer(
        RolloutSchema,
        await api.post<unknown>(libraryApiPaths.rolloutAction(id, action), undefined),
        'rollout',
      ),
    onSuccess: (rollout, action, _result, { client }) => {
      toast.success(rolloutActionDone(action, rollout));
      client.setQueryData(rolloutKeys.detail(id), rollout);
      // Not awaited: the buttons are free again as soon as the rollout's answer is shown.
      void client.invalidateQueries({ queryKey: rolloutKeys.devices(id) });
      void client.invalidateQueries({ queryKey: rolloutKeys.lists() });
    },
    onError: (_error, _action, _result, { client }) => {
      void client.invalidateQueries({ queryKey: rolloutKeys.detail(id) });
    },
  });
