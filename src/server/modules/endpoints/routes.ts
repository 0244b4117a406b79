import { serverRoutes } from '@shared/api/api-paths';
import {
  EndpointCreateSchema,
  EndpointIdParamsSchema,
  EndpointSchema,
  EndpointUpdateSchema,
} from '@shared/forwards/endpoints';
import type { Db } from '@server/db/client';
import { mountListResource } from '@server/http/list-resource';
import type { App } from '@server/http/types';
import { endpointList } from './list';
import type { EndpointService } from './service';

const tags = ['endpoints'];
const response = { 200: EndpointSchema };

/** Endpoints (spec 02 §7): the list resource, one endpoint, create, update, remove. */
export function endpointRoutes(app: App, db: Db, service: EndpointService): void {
  mountListResource(app, db, endpointList(db));

  app.get(
    serverRoutes.endpoint,
    {
      config: { access: 'endpoints.read' },
      schema: { tags, summary: 'One endpoint', params: EndpointIdParamsSchema, response },
    },
    async (request) => service.get(await request.scope(), request.params.id),
  );

  app.post(
    serverRoutes.endpoints,
    {
      config: { access: 'endpoints.write' },
      schema: {
        tags,
        summary: 'Create an endpoint for a customer in the caller’s scope',
        body: EndpointCreateSchema,
        response,
      },
    },
    async (request) => service.create(request.caller, await request.scope(), request.body),
  );

  app.put(
    serverRoutes.endpoint,
    {
      config: { access: 'endpoints.write' },
      schema: {
        tags,
        summary: 'Update an endpoint (a shared one: admins only; CustomerId null keeps it shared)',
        params: EndpointIdParamsSchema,
        body: EndpointUpdateSchema,
        response,
      },
    },
    async (request) =>
      service.update(request.caller, await request.scope(), request.params.id, request.body),
  );

  app.delete(
    serverRoutes.endpoint,
    {
      config: { access: 'endpoints.write' },
      schema: {
        tags,
        summary:
          'Remove an endpoint no device and no settings profile uses (400 { Id } with the counts)',
        params: EndpointIdParamsSchema,
        response,
      },
    },
    async (request) => service.remove(request.caller, await request.scope(), request.params.id),
  );
}
