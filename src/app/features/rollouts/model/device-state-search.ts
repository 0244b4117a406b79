import * as v from 'valibot';
import { DEVICE_STATES } from '@shared/libraries/rollout-states';

/** /rollouts/{id}?state=failed: the device table's state filter; an unknown one is dropped. */
export const RolloutSearchSchema = v.object({
  state: v.fallback(v.optional(v.picklist(DEVICE_STATES)), undefined),
});
