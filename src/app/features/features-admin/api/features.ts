import { apiPaths } from '@shared/api/api-paths';
import type { NamedResource } from '@app/features/named-entities';
import { featureKeys, featuresQueryOptions } from '@app/lib/lookups';

/**
 * Features (spec 02 "Features page"): `GET features/` is the lookup the customer forms' features
 * select shares, so a created or removed feature shows there at once. Texts as the spec quotes
 * them, the confirmation's 'modem request' included.
 */
export const featureResource: NamedResource<ReturnType<typeof featureKeys.list>> = {
  kind: 'feature',
  query: featuresQueryOptions,
  allKey: featureKeys.all,
  listPath: apiPaths.features,
  itemPath: apiPaths.feature,
  texts: {
    noun: 'Feature',
    count: { one: 'feature', many: 'features' },
    usedBy: { one: 'customer', many: 'customers' },
    empty: {
      title: 'No features found',
      text: 'Features unlock parts of the portal for a customer; create the first one.',
    },
    created: (name) => `Feature ${name} successfully created`,
    removed: 'Feature successfully removed!',
    confirmRemove: 'Are you sure you want to remove this modem request?',
  },
};
