import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { toast } from '@app/lib/toast';
import * as v from 'valibot';
import { apiPaths } from '@shared/api/api-paths';
import {
  ReplayAnswerSchema,
  replayStarted,
  type ReplayWindow,
} from '@shared/forwards/forward-health';
import { api } from '@app/lib/api-client';
import { forwardHealthKeys } from './health-api';

/**
 * `GET forwards/{id}/replay?From=&To=`: how many of the forward's messages the window holds,
 * read fresh for each confirmation (the count changes as messages arrive). A 400's field errors
 * land on the dialog's fields.
 */
export const replayCountQueryOptions = (id: number, window: ReplayWindow) =>
  queryOptions({
    queryKey: forwardHealthKeys.replay(id, window.From, window.To),
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ From: window.From, To: window.To });
      const answer = await api.get<unknown>(`${apiPaths.forwardReplay(id)}?${query.toString()}`, {
        signal,
      });
      return v.parse(ReplayAnswerSchema, answer).Messages;
    },
    staleTime: 0,
    gcTime: 0,
  });

export interface ReplayVariables {
  id: number;
  /** The forward's name, for the toast. */
  name: string;
  window: ReplayWindow;
}

/**
 * `POST forwards/{id}/replay` `{ From, To }`: sends the window's messages again; the toast says
 * how many. Health follows at once (its replay remaining and backlog).
 */
export const replayMutationOptions = () =>
  mutationOptions({
    mutationKey: [...forwardHealthKeys.all, 'replay'],
    mutationFn: async ({ id, window }: ReplayVariables) =>
      v.parse(ReplayAnswerSchema, await api.post<unknown>(apiPaths.forwardReplay(id), window))
        .Messages,
    onSuccess: (messages, { name }, _result, { client }) => {
      toast.success(replayStarted(messages, name));
      return client.invalidateQueries({ queryKey: forwardHealthKeys.all });
    },
  });
