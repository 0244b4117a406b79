import { sql } from 'drizzle-orm';
import { ROLE_BUILT_IN, ROLES, roleInUse } from '@shared/access/roles';
import { roles } from '@server/db/schema';
import type { NamedTableSpec } from '@server/modules/named-entities';

export const ROLE_NOT_FOUND = 'Role not found';

/** Roles: `UsedBy` counts the users with the role; the built-in ones are never removed. */
export const roleTable: NamedTableSpec = {
  kind: 'role',
  table: roles,
  // Spelled out: drizzle may leave a single-table select's columns unqualified.
  usedBy: sql<number>`(select count(*)::int from users u where u.role_id = "roles"."id")`,
  notFound: ROLE_NOT_FOUND,
  protectedNames: ROLES,
  protectedMessage: ROLE_BUILT_IN,
  inUse: roleInUse,
};
