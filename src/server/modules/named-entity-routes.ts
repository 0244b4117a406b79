import {
  NamedEntityListSchema,
  NamedEntitySchema,
  type NamedCreateBody,
  type NamedIdParams,
} from '@shared/access/names';
import type { Action } from '@shared/access/permissions';
import type { App } from '@server/http/types';
import type { NamedEntityService } from './named-entities';

export interface NamedRoutesSpec {
  tag: string;
  /** `/roles` and `/roles/:id` as the server registers them. */
  listPath: string;
  itemPath: string;
  params: NamedIdParams;
  body: NamedCreateBody;
  /** Reading is for everyone (the selects); creating and removing is the screen's. */
  list: Action;
  manage: Action;
  /** What `UsedBy` counts. */
  usedBy: string;
}

/** The routes of features and of roles: the list, one, create, remove (when unused). */
export function namedEntityRoutes(
  app: App,
  service: NamedEntityService,
  spec: NamedRoutesSpec,
): void {
  const tags = [spec.tag];
  const list = { access: spec.list };
  const manage = { access: spec.manage };
  const one = { 200: NamedEntitySchema };

  app.get(
    spec.listPath,
    {
      config: list,
      schema: {
        tags,
        summary: `By name; UsedBy is the number of ${spec.usedBy}`,
        response: { 200: NamedEntityListSchema },
      },
    },
    () => service.list(),
  );
  app.get(
    spec.itemPath,
    { config: list, schema: { tags, params: spec.params, response: one } },
    (request) => service.get(request.params.id),
  );
  app.post(
    spec.listPath,
    { config: manage, schema: { tags, body: spec.body, response: one } },
    (request) => service.create(request.caller, request.body),
  );
  app.delete(
    spec.itemPath,
    {
      config: manage,
      schema: {
        tags,
        summary: `Remove, unless ${spec.usedBy} use it`,
        params: spec.params,
        response: one,
      },
    },
    (request) => service.remove(request.caller, request.params.id),
  );
}
