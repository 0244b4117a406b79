import { serverRoutes } from '../../../shared/api-paths';
import { FeatureCreateSchema, FeatureIdParamsSchema } from '../../../shared/features';
import type { App } from '../../http/types';
import type { NamedEntityService } from '../named-entities';
import { namedEntityRoutes } from '../named-entity-routes';

/** `features/`, `features/{id}`: everyone reads them (the features select); admins manage them. */
export function featureRoutes(app: App, service: NamedEntityService): void {
  namedEntityRoutes(app, service, {
    tag: 'features',
    listPath: serverRoutes.features,
    itemPath: serverRoutes.feature,
    params: FeatureIdParamsSchema,
    body: FeatureCreateSchema,
    list: 'features.list',
    manage: 'features.manage',
    usedBy: 'customers with the feature',
  });
}
