import type { Db } from '@server/db/client';
import { createNamedEntityService } from '@server/modules/named-entities';
import { featureTable } from './repository';

/** Features: the list for selects, and the Features screen's create and remove (spec 02 §2). */
export const createFeatureService = (db: Db) => createNamedEntityService(db, featureTable);
