import type { Db } from '../../db/client';
import { createNamedEntityService } from '../named-entities';
import { featureTable } from './repository';

/** Features: the list for selects, and the Features screen's create and remove (spec 02 §2). */
export const createFeatureService = (db: Db) => createNamedEntityService(db, featureTable);
