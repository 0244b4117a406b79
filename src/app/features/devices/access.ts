import type { Auth } from '@shared/access/auth';
import { can } from '@shared/access/permissions';
import type { Choice } from './change-plan';

/**
 * Selection checkboxes and the Change Customer actions (spec 02 §2, §6): hidden for viewers,
 * disabled for users who are not resellers — admins included, as the spec says; an admin who is
 * also a reseller gets §4's admin rule in the modal. The API is wider (admin or reseller): an
 * admin's script may reassign devices, the screen follows the spec (docs/decisions/011).
 */
export type SelectionAccess = 'hidden' | 'disabled' | 'enabled';

export function selectionAccess(
  auth: Pick<Auth, 'Role' | 'IsReseller'> & Partial<Pick<Auth, 'Features'>>,
): SelectionAccess {
  const subject = { Features: [], ...auth };
  if (can(subject, 'devices.select')) return 'enabled';
  // Shown but disabled for those who write devices yet may not select them (spec 02 §2).
  return can(subject, 'devices.write') ? 'disabled' : 'hidden';
}

export interface SaveState {
  isAdmin: boolean;
  /** The chosen customer: an id, null for '--', or 'keep'. */
  customerId: Choice;
  /** Calls the change needs; 0 when every device already matches. */
  stepCount: number;
  /** The configuration groups of the chosen customer are still loading (no plan yet). */
  planning: boolean;
  saving: boolean;
}

/**
 * Save of the Change Customer modal (spec 02 §4, §5 "Customer selection"): non-admins must
 * choose a customer ('--' and 'keep' are no choice); nothing to change, a plan still loading or
 * a save underway also disable it.
 */
export function canSaveChange(state: SaveState): boolean {
  if (!state.isAdmin && typeof state.customerId !== 'number') return false;
  return !state.planning && !state.saving && state.stepCount > 0;
}
