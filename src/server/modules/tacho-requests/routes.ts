import type { FastifyReply } from 'fastify';
import { tachoServerRoutes } from '@shared/tacho/api-paths-tacho';
import { ImeiParamsSchema } from '@shared/devices/devices';
import {
  TACHO_REQUEST_STATUS,
  TachoCardParamsSchema,
  TachoRequestOpenSchema,
  TachoRequestQueuedSchema,
} from '@shared/tacho/tacho-requests';
import type { Db } from '@server/db/client';
import { IdempotencyHeadersSchema as headers, withIdempotency } from '@server/http/idempotency';
import type { App } from '@server/http/types';
import { createTachoRequestService, type TachoRequestAnswer } from './service';

const tags = ['tacho'];
const config = { access: 'tacho.request' } as const;
const response = {
  [TACHO_REQUEST_STATUS.queued]: TachoRequestQueuedSchema,
  [TACHO_REQUEST_STATUS.alreadyOpen]: TachoRequestOpenSchema,
};

/** The answer's status tells a new request from an open one (stored with an idempotent write). */
function answered(reply: FastifyReply, answer: TachoRequestAnswer): string {
  void reply.code(answer.reused ? TACHO_REQUEST_STATUS.alreadyOpen : TACHO_REQUEST_STATUS.queued);
  return answer.text;
}

/**
 * The text as JSON: Fastify would send a bare string as text/plain, and the client parses every
 * answer as JSON. A replayed answer (the reply itself) is already sent.
 */
const asJson = (reply: FastifyReply, answer: string | FastifyReply) =>
  typeof answer === 'string' ? reply.type(JSON_TYPE).send(JSON.stringify(answer)) : answer;
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * `POST rtddata/requestMassDownload/{imei}` and `rtddata/requestCardDownload/{cardNumber}`:
 * the answer is the toast's text as a JSON string (the client reads every answer as JSON), 201
 * for a new request, 200 when an open one was found. Writes may be replays of the outbox:
 * exactly once per Idempotency-Key.
 */
export function tachoRequestRoutes(app: App, db: Db): void {
  app.post(
    tachoServerRoutes.tachoRequestMassDownload,
    {
      config,
      schema: {
        tags,
        summary: "Request a remote download of the device's vehicle unit (mass memory)",
        headers,
        params: ImeiParamsSchema,
        response,
      },
    },
    async (request, reply) =>
      asJson(
        reply,
        await withIdempotency(request, reply, db, async (tx, scope) =>
          answered(
            reply,
            await createTachoRequestService(tx).massMemory(
              request.caller,
              scope,
              request.params.imei,
            ),
          ),
        ),
      ),
  );
  app.post(
    tachoServerRoutes.tachoRequestCardDownload,
    {
      config,
      schema: {
        tags,
        summary: 'Request a remote download of a driver card, through the device that last read it',
        headers,
        params: TachoCardParamsSchema,
        response,
      },
    },
    async (request, reply) =>
      asJson(
        reply,
        await withIdempotency(request, reply, db, async (tx, scope) =>
          answered(
            reply,
            await createTachoRequestService(tx).driverCard(
              request.caller,
              scope,
              request.params.cardNumber,
            ),
          ),
        ),
      ),
  );
}
