import type { Auth } from '@shared/access/auth';
import type { Customer } from '@shared/customers/customers';
import { can, type Action } from '@shared/access/permissions';
import { FEATURE_TACHO_DOWNLOAD } from '@shared/access/role-names';

/**
 * One tab of the customer detail screen (spec 02 "Customer detail"). Company Cards and
 * Authentication Servers are shown to users with the 'Tacho Download' feature and disabled for a
 * customer without it; each has its panel in CustomerTabPanel.
 */
export interface CustomerTabDefinition<Id extends string = string> {
  id: Id;
  label: string;
  /** Shown only to callers the permission table allows this action. */
  access?: Action;
  /** Disabled (shown, not openable) for a customer without this feature. */
  customerFeature?: string;
}

export const CUSTOMER_TABS = [
  { id: 'devices', label: 'Devices' },
  { id: 'users', label: 'Users' },
  {
    id: 'companycards',
    label: 'Company Cards',
    access: 'screens.tacho',
    customerFeature: FEATURE_TACHO_DOWNLOAD,
  },
  {
    id: 'authservers',
    label: 'Authentication Servers',
    access: 'screens.tacho',
    customerFeature: FEATURE_TACHO_DOWNLOAD,
  },
] as const satisfies readonly CustomerTabDefinition[];

export type CustomerTabId = (typeof CUSTOMER_TABS)[number]['id'];
export const CUSTOMER_TAB_IDS = CUSTOMER_TABS.map((tab) => tab.id);
export const DEFAULT_CUSTOMER_TAB: CustomerTabId = 'devices';

/** A tab as the screen shows it: why it is disabled, if it is. */
export interface ShownTab<Id extends string = string> {
  id: Id;
  label: string;
  disabledReason?: string | undefined;
}

/** The tabs this caller sees for this customer, in order. */
export function shownTabs<Id extends string>(
  tabs: readonly CustomerTabDefinition<Id>[],
  auth: Pick<Auth, 'Role' | 'IsReseller' | 'Features'> | null | undefined,
  customer: Pick<Customer, 'Features'>,
): ShownTab<Id>[] {
  return tabs
    .filter((tab) => tab.access === undefined || can(auth, tab.access))
    .map((tab) => ({
      id: tab.id,
      label: tab.label,
      disabledReason:
        tab.customerFeature === undefined || customer.Features.includes(tab.customerFeature)
          ? undefined
          : `${tab.label} needs the customer to have the feature '${tab.customerFeature}'.`,
    }));
}

/** The tab to show: the one linked when it is there and open, else the first open one. */
export function activeTab<Id extends string>(
  requested: Id | undefined,
  shown: readonly ShownTab<Id>[],
  fallback: Id,
): Id {
  const open = shown.filter((tab) => tab.disabledReason === undefined);
  return open.find((tab) => tab.id === requested)?.id ?? open[0]?.id ?? fallback;
}
