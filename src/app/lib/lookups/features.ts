import { apiPaths } from '@shared/api/api-paths';
import type { Feature } from '@shared/access/features';
import { wholeListLookup } from './lookup';

/**
 * `GET features/`: every feature, with the number of customers that have it. One key for the
 * Features screen and every features select (the customer form's multi-select), so a feature
 * created or removed shows everywhere.
 */
const features = wholeListLookup<Feature>('features', apiPaths.features);
export const featureKeys = features.keys;
export const featuresQueryOptions = features.queryOptions;
