import { sql } from 'drizzle-orm';
import { features } from '@server/db/schema';
import type { NamedTableSpec } from '@server/modules/named-entities';

export const FEATURE_NOT_FOUND = 'Feature not found';
export const featureInUse = (customers: number): string =>
  `This feature is in use by ${customers} customer(s) and cannot be removed`;

/** Features: `UsedBy` counts the customers (deactivated ones too) that have the feature. */
export const featureTable: NamedTableSpec = {
  kind: 'feature',
  table: features,
  // Spelled out: drizzle may leave a single-table select's columns unqualified.
  usedBy: sql<number>`(select count(*)::int from customer_features cf
    where cf.feature_id = "features"."id")`,
  notFound: FEATURE_NOT_FOUND,
  inUse: featureInUse,
};
