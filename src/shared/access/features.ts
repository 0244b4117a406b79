import { namedCreateBody, namedIdParams, NamedEntityListSchema, NamedEntitySchema } from './names';
import type { NamedEntity } from './names';

/** A feature (spec 02 §3); `UsedBy` is the number of customers that have it. */
export const FeatureSchema = NamedEntitySchema;
export type Feature = NamedEntity;
export const FeatureListSchema = NamedEntityListSchema;

/** `POST features/`: `{ name }` under the feature/role name rule (names.ts). */
export const FeatureCreateSchema = namedCreateBody('Fuel Reports');

/** `features/{id}`. */
export const FeatureIdParamsSchema = namedIdParams('feature');
