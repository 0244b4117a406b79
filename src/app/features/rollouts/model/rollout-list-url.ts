import { listUrlSearch } from '@app/components/list/model';

/** The rollouts list's client-side search: Description (the default) or State. */
export const ROLLOUT_FILTERS = ['Description', 'State'] as const;
export type RolloutFilter = (typeof ROLLOUT_FILTERS)[number];

/** The search of /rollouts in its URL (`?filter=State&q=paused`), kept across a visit. */
export const rolloutListUrl = listUrlSearch(ROLLOUT_FILTERS);
