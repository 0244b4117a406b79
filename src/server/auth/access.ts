import { asc, eq } from 'drizzle-orm';
import {
  can,
  PERMISSIONS,
  type Action,
  type Rule,
  type RouteAccess,
  type Subject,
  type Target,
} from '@shared/access/permissions';
import type { DbOrTx } from '@server/db/client';
import { customerFeatures, features } from '@server/db/schema';
import type { Caller } from './tokens';

/** The guard's refusal when the route's action is not the caller's. */
export const ACCESS_DENIED = 'You are not allowed to do this';
/** The second line: a Viewer's write, whatever the route declares. */
export const VIEWERS_READ_ONLY = 'Viewers have read-only access';

/** Whether the value names an action of the permission table. */
export const isAction = (value: unknown): value is Action =>
  typeof value === 'string' && Object.hasOwn(PERMISSIONS, value);

/** Whether a route's `config.access` names an action of the table or says 'public'. */
export const isRouteAccess = (value: unknown): value is RouteAccess =>
  value === 'public' || isAction(value);

/** Whether the action's rule looks at the caller's features (the token does not carry them). */
export const needsFeatures = (action: Action): boolean =>
  (PERMISSIONS[action] as Rule).feature !== undefined;

/** The feature names of a customer: what `can` checks feature rules against. */
export async function featuresOfCustomer(db: DbOrTx, customerId: number): Promise<string[]> {
  const rows = await db
    .select({ name: features.name })
    .from(customerFeatures)
    .innerJoin(features, eq(features.id, customerFeatures.featureId))
    .where(eq(customerFeatures.customerId, customerId))
    .orderBy(asc(features.name));
  return rows.map((r) => r.name);
}

/** The caller as `can` sees it (the session user's Role, IsReseller and Features). */
export const subjectOf = (caller: Caller, callerFeatures: readonly string[]): Subject => ({
  Role: caller.role,
  IsReseller: caller.isReseller,
  Features: callerFeatures,
});

/** Reads the caller's features when a rule needs them (once per request in the guard). */
export type FeatureLoader = (caller: Caller) => Promise<readonly string[]>;

/**
 * `can` for a caller from a token. Features are read only for rules that look at them, so the
 * routes whose rule has no feature condition cost no query; passing none to `can` for the others
 * is exact, because `can` reads `Features` for feature rules alone.
 */
export async function callerCan(
  caller: Caller,
  action: Action,
  loadFeatures: FeatureLoader,
  target?: Target,
): Promise<boolean> {
  const callerFeatures = needsFeatures(action) ? await loadFeatures(caller) : [];
  return can(subjectOf(caller, callerFeatures), action, target);
}

/** `can` for a rule without a feature condition: no features to read. */
export function callerCanWithoutFeatures(caller: Caller, action: Action, target?: Target) {
  if (needsFeatures(action)) throw new Error(`${action} looks at features: use callerCan`);
  return can(subjectOf(caller, []), action, target);
}
