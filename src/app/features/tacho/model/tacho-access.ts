import type { Auth } from '@shared/access/auth';
import { can } from '@shared/access/permissions';
import { isAdminRole } from '@shared/access/role-names';
import type { TachoSearchField } from '@shared/tacho/tacho-lists';

type Caller = Pick<Auth, 'Role' | 'IsReseller' | 'Features'>;

export interface TachoAccess {
  /**
   * Sees several customers' records: the Customer column, the customer filter and the IMEI
   * filter of the Object Overview (spec 03 §6 "resellers"; admins see every customer, so they
   * get them too).
   */
  customers: boolean;
  /** May ask a vehicle or driver card for a remote download (never a Viewer). */
  request: boolean;
}

export function tachoAccess(auth: Caller | null | undefined): TachoAccess {
  if (!auth) return { customers: false, request: false };
  return {
    customers: auth.IsReseller || isAdminRole(auth.Role),
    request: can(auth, 'tacho.request'),
  };
}

/** Filters only those who see several customers are offered (spec 03 §2: the overview's IMEI). */
const RESELLER_FILTERS: ReadonlySet<TachoSearchField> = new Set(['IMEI']);

/**
 * The filters a screen offers the caller: the Object Overview's IMEI goes to resellers only;
 * the download lists offer theirs to everyone.
 */
export function filtersFor<F extends TachoSearchField>(
  filters: readonly [F, ...F[]],
  access: TachoAccess,
  resellerOnly: boolean,
): readonly [F, ...F[]] {
  if (!resellerOnly || access.customers) return filters;
  const [first, ...rest] = filters;
  return [first, ...rest.filter((f) => !RESELLER_FILTERS.has(f))];
}
