import {
  namedCreateBody,
  namedIdParams,
  NamedEntityListSchema,
  NamedEntitySchema,
  type NamedEntity,
} from './names';

export * from './role-names';

/** A role (spec 02 §3); `UsedBy` is the number of users that have it. */
export const RoleSchema = NamedEntitySchema;
export type Role = NamedEntity;
export const RoleListSchema = NamedEntityListSchema;

/** `POST roles/`: `{ name }` under the feature/role name rule (names.ts). */
export const RoleCreateSchema = namedCreateBody('Installer');

/** `roles/{id}`. */
export const RoleIdParamsSchema = namedIdParams('role');

export const ROLE_BUILT_IN = 'Built-in roles cannot be removed';
export const roleInUse = (users: number): string =>
  `This role is in use by ${users} user(s) and cannot be removed`;
