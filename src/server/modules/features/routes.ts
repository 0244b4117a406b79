import { serverRoutes } from '@shared/api/api-paths';
import { FeatureCreateSchema, FeatureIdParamsSchema } from '@shared/access/features';
import type { App } from '@server/http/types';
import type { NamedEntityService } from '@server/modules/named-entities';
import { namedEntityRoutes } from '@server/modules/named-entity-routes';

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
