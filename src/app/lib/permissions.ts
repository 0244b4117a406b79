import { can, type Action, type Target } from '@shared/access/permissions';
import { readSession } from './session';
import { useSession } from './use-session';

/**
 * May the signed-in user do `action` (on `target`)? The one table of src/shared/access/permissions.ts
 * answers, so a button on a screen and the server's guard cannot disagree. Re-renders on sign-in,
 * sign-out and a session change in another tab.
 */
export function useCan(action: Action, target?: Target): boolean {
  return can(useSession()?.auth, action, target);
}

/** The same answer outside React (route guards, loaders), from the stored session. */
export function canNow(action: Action, target?: Target): boolean {
  return can(readSession()?.auth, action, target);
}
