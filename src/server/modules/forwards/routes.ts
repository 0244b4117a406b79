import * as v from 'valibot';
import { serverRoutes } from '@shared/api/api-paths';
import {
  ForwardCreateSchema,
  ForwardUpdateSchema,
  IntegrationCreateSchema,
  IntegrationUpdateSchema,
} from '@shared/forwards/forward-form';
import {
  ForwardIdParamsSchema,
  ForwardListSchema,
  ForwardProtocolSchema,
  ForwardSchema,
  MessageTypeEntrySchema,
} from '@shared/forwards/forwards';
import type { App } from '@server/http/types';
import { listMessageTypes, listProtocols } from './repository';
import type { ForwardService } from './service';
import type { Db } from '@server/db/client';

const tags = ['forwards'];
const read = { access: 'forwards.read' } as const;
const write = { access: 'forwards.write' } as const;
const one = { 200: ForwardSchema };

/**
 * Forwards (spec 02 §7) besides the list: one forward, create (one per protocol), update,
 * remove, the Azure IoT hub integration, and the protocol and message-type lookups.
 */
export function forwardRoutes(app: App, db: Db, service: ForwardService): void {
  app.get(
    serverRoutes.forwardProtocols,
    { config: read, schema: { tags, response: { 200: v.array(ForwardProtocolSchema) } } },
    () => listProtocols(db),
  );
  app.get(
    serverRoutes.forwardMessageTypes,
    { config: read, schema: { tags, response: { 200: v.array(MessageTypeEntrySchema) } } },
    () => listMessageTypes(db),
  );
  app.get(
    serverRoutes.forward,
    { config: read, schema: { tags, params: ForwardIdParamsSchema, response: one } },
    async (request) => service.get(request.caller, await request.scope(), request.params.id),
  );

  app.post(
    serverRoutes.forwards,
    {
      config: write,
      schema: {
        tags,
        summary: 'Create a forward per chosen protocol, each carrying the chosen message types',
        body: ForwardCreateSchema,
        response: { 200: ForwardListSchema },
      },
    },
    async (request) => service.create(request.caller, await request.scope(), request.body),
  );
  app.put(
    serverRoutes.forward,
    {
      config: write,
      schema: {
        tags,
        summary: 'Update a forward; a secret left blank (or the mask) stays as it is',
        params: ForwardIdParamsSchema,
        body: ForwardUpdateSchema,
        response: one,
      },
    },
    async (request) =>
      service.update(request.caller, await request.scope(), request.params.id, request.body),
  );
  app.delete(
    serverRoutes.forward,
    {
      config: write,
      schema: {
        tags,
        summary: "Remove a forward; the slots of devices using it return to 'non'",
        params: ForwardIdParamsSchema,
        response: one,
      },
    },
    async (request) => service.remove(request.caller, await request.scope(), request.params.id),
  );

  app.post(
    serverRoutes.forwardIntegrations,
    {
      config: write,
      schema: {
        tags,
        summary: 'Create an Azure IoT hub integration (a forward of integration type 2)',
        body: IntegrationCreateSchema,
        response: one,
      },
    },
    async (request) =>
      service.createIntegration(request.caller, await request.scope(), request.body),
  );
  app.put(
    serverRoutes.forwardIntegration,
    {
      config: write,
      schema: {
        tags,
        summary: 'Update a forward as an Azure IoT hub integration; a blank key stays as it is',
        params: ForwardIdParamsSchema,
        body: IntegrationUpdateSchema,
        response: one,
      },
    },
    async (request) =>
      service.updateIntegration(
        request.caller,
        await request.scope(),
        request.params.id,
        request.body,
      ),
  );
}
