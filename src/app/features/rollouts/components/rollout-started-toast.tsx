import { toast } from '@app/lib/toast';
import type { Rollout } from '@shared/libraries/rollout-views';
import { ViewRolloutLink } from './RolloutLinks';

/**
 * The success toast of a started mass update, in its library's words, with a link to the
 * rollout's screen. Sonner takes the link as the toast's action; the toaster sits inside the
 * router, so it is a real router link (a click also closes the toast, as any click on one does).
 */
export function toastRolloutStarted(message: string, rollout: Pick<Rollout, 'Id'>) {
  toast.success(message, { action: <ViewRolloutLink id={rollout.Id} /> });
}
