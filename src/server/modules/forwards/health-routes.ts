import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { serverRoutes } from '@shared/api/api-paths';
import {
  ForwardHealthListSchema,
  ForwardHealthQuerySchema,
  ForwardHealthSchema,
  ReplayAnswerSchema,
  ReplayWindowSchema,
} from '@shared/forwards/forward-health';
import { ForwardIdParamsSchema } from '@shared/forwards/forwards';
import type { App } from '@server/http/types';
import type { DeliveryService } from './delivery-service';

const tags = ['forwards'];

/**
 * Another tenant's forward answers 404 whatever the window says: checked before the query or
 * body is validated, so a foreign id cannot be told apart by its 400.
 */
const visibleFirst = (service: DeliveryService) => ({
  preValidation: async (request: FastifyRequest) => {
    const params = v.safeParse(ForwardIdParamsSchema, request.params);
    if (params.success) await service.assertVisible(await request.scope(), params.output.id);
  },
});
const read = { access: 'forwards.read' } as const;
const write = { access: 'forwards.write' } as const;

/** Delivery health of forwards and replays of a time window (issue 15). */
export function forwardHealthRoutes(app: App, service: DeliveryService): void {
  app.get(
    serverRoutes.forwardsHealth,
    {
      config: read,
      schema: {
        tags,
        summary: 'Delivery health of the listed forwards (those the caller sees)',
        querystring: ForwardHealthQuerySchema,
        response: { 200: ForwardHealthListSchema },
      },
    },
    async (request) => service.health(await request.scope(), request.query.ids),
  );
  app.get(
    serverRoutes.forwardHealth,
    {
      config: read,
      schema: {
        tags,
        summary: "A forward's delivery health",
        params: ForwardIdParamsSchema,
        response: { 200: ForwardHealthSchema },
      },
    },
    async (request) => service.healthOf(await request.scope(), request.params.id),
  );
  app.get(
    serverRoutes.forwardReplay,
    {
      ...visibleFirst(service),
      config: read,
      schema: {
        tags,
        summary: "How many of the forward's messages were received in the window",
        params: ForwardIdParamsSchema,
        querystring: ReplayWindowSchema,
        response: { 200: ReplayAnswerSchema },
      },
    },
    async (request) =>
      service.previewReplay(await request.scope(), request.params.id, request.query),
  );
  app.post(
    serverRoutes.forwardReplay,
    {
      ...visibleFirst(service),
      config: write,
      schema: {
        tags,
        summary: "Send the forward's messages of the window again, marked as replayed",
        params: ForwardIdParamsSchema,
        body: ReplayWindowSchema,
        response: { 200: ReplayAnswerSchema },
      },
    },
    async (request) =>
      service.startReplay(request.caller, await request.scope(), request.params.id, request.body),
  );
}
