import type { Db } from '@server/db/client';
import { createNamedEntityService } from '@server/modules/named-entities';
import { roleTable } from './repository';

/** Roles: the list for selects, and the Roles screen's create and remove (spec 02 §2). */
export const createRoleService = (db: Db) => createNamedEntityService(db, roleTable);
