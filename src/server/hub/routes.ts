/** HTTP side of a hub: negotiate, and the long-polling GET/POST/DELETE on the hub path. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, HttpError, notFound } from '@server/errors/http-errors';
import {
  badRequestAnswer,
  bytesAnswer,
  emptyAnswer,
  messageAnswer,
} from '@server/http/error-responses';
import { admit, readCaller, type HubAuthenticator } from './auth';
import type { Connection } from './connection';
import type { HubLimits } from './limits';
import { LongPollingTransport } from './long-polling';
import type { HubRegistry } from './registry';
import type { HubDefinition } from './types';

const TRANSFER_FORMATS = ['Text', 'Binary'];
const AVAILABLE_TRANSPORTS = [
  { transport: 'WebSockets', transferFormats: TRANSFER_FORMATS },
  { transport: 'LongPolling', transferFormats: TRANSFER_FORMATS },
];
/** Query parameters of the transport itself, not of the hub (what `connection.query` shows). */
const TRANSPORT_PARAMS = ['id', 'negotiateVersion', 'access_token', '_'];

/** The hub's own query parameters of a request URL (e.g. `IMEI`). */
export function hubQuery(url: string): URLSearchParams {
  const at = url.indexOf('?');
  const query = new URLSearchParams(at < 0 ? '' : url.slice(at + 1));
  for (const name of TRANSPORT_PARAMS) query.delete(name);
  return query;
}

const conflict = (what: string) => new HttpError(409, what);

/** What every hub call may answer: the hub admits its callers itself (`callerOf`). */
const HUB_REFUSALS = {
  400: badRequestAnswer(),
  401: messageAnswer('No valid bearer token of a live session'),
  403: messageAnswer('The hub’s access rule refuses the caller (and every Viewer)'),
  404: messageAnswer('No such connection of the caller, or the device is not theirs'),
};
const IN_USE = { 409: messageAnswer('The connection is in use (another poll, send or transport)') };

const NEGOTIATED = {
  type: 'object',
  description: 'The new connection and how it may be reached',
  properties: {
    negotiateVersion: { type: 'integer' },
    connectionId: { type: 'string' },
    connectionToken: { type: 'string' },
    availableTransports: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          transport: { type: 'string' },
          transferFormats: { type: 'array', items: { type: 'string' } },
        },
        required: ['transport', 'transferFormats'],
      },
    },
  },
  required: ['negotiateVersion', 'connectionId', 'connectionToken', 'availableTransports'],
};

export interface HubRouteContext {
  hub: HubDefinition;
  auth: HubAuthenticator;
  registry: HubRegistry;
  limits: HubLimits;
}

export function hubRoutes(scope: FastifyInstance, context: HubRouteContext): void {
  const { hub, auth, registry, limits } = context;
  // Public to the API guard, which does not see these routes: every one of them admits its
  // caller itself first (`callerOf`: a live session's token, and the hub's `access`, auth.ts).
  const config = { access: 'public' } as const;
  const docs = <TAnswers extends Record<number, object>>(summary: string, response: TAnswers) => ({
    config,
    schema: { tags: ['hub'], summary, response: { ...HUB_REFUSALS, ...response } },
  });

  // Whatever the client posts is hub protocol data, text or binary: kept as raw bytes.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: limits.maxMessageBytes * 4 },
    (_request, body, done) => {
      done(null, body);
    },
  );

  /** The caller first (401 before anything about the input), as the API guard does. */
  const callerOf = async (request: FastifyRequest) =>
    admit(await readCaller(auth, request.headers.authorization), hub);

  /** The connection of a long-polling request: same user as at negotiate, else 404. */
  async function connectionOf(request: FastifyRequest): Promise<Connection> {
    const caller = await callerOf(request);
    const { id } = request.query as { id?: unknown };
    if (typeof id !== 'string' || !id) throw badRequest({ id: 'The connection id is required' });
    const connection = registry.get(id);
    if (connection?.caller.userId !== caller.userId) throw notFound('No such connection');
    return connection;
  }

  const negotiateDocs = docs('SignalR negotiate (version 1)', { 200: NEGOTIATED });
  scope.post(`${hub.path}/negotiate`, negotiateDocs, async (request) => {
    const caller = await callerOf(request);
    const version = Number((request.query as { negotiateVersion?: unknown }).negotiateVersion);
    if (!(version >= 1)) {
      throw badRequest({ negotiateVersion: 'Negotiate version 1 or later is required' });
    }
    const query = hubQuery(request.url);
    await hub.authorize?.(caller, query);
    const connection = registry.create(caller, query);
    return {
      negotiateVersion: 1,
      connectionId: connection.connectionId,
      connectionToken: connection.token,
      availableTransports: AVAILABLE_TRANSPORTS,
    };
  });

  const pollDocs = docs('SignalR long polling: poll', {
    200: bytesAnswer('The messages waiting for the client; nothing on the first poll'),
    204: emptyAnswer('The connection has ended'),
    ...IN_USE,
  });
  scope.get(hub.path, pollDocs, async (request, reply) => {
    const connection = await connectionOf(request);
    if (connection.canAttach()) {
      await hub.authorize?.(connection.caller, connection.query);
      // Re-checked after the asynchronous authorize: another request may have attached meanwhile.
      if (!connection.canAttach()) throw conflict('The connection is already in use');
      // The client's first poll only starts the transport; it is answered at once, empty.
      connection.attach(new LongPollingTransport(limits));
      return reply.code(200).send();
    }
    const transport = connection.transport;
    if (!(transport instanceof LongPollingTransport)) {
      throw conflict('The connection uses another transport');
    }
    if (transport.take(reply)) registry.forget(connection);
    return reply;
  });

  const sendDocs = docs('SignalR long polling: send', {
    200: emptyAnswer('The messages were received'),
    ...IN_USE,
  });
  scope.post(hub.path, sendDocs, async (request, reply) => {
    const connection = await connectionOf(request);
    const transport = connection.transport;
    if (connection.closed) throw notFound('No such connection');
    if (!(transport instanceof LongPollingTransport)) {
      throw conflict('The connection uses another transport');
    }
    if (transport.sending) throw conflict('Another send request is in progress');
    transport.sending = true;
    try {
      const body = request.body;
      if (Buffer.isBuffer(body)) connection.receive(body);
    } finally {
      transport.sending = false;
    }
    return reply.code(200).send();
  });

  const closeDocs = docs('SignalR long polling: close', {
    202: emptyAnswer('The connection is closing'),
  });
  scope.delete(hub.path, closeDocs, async (request, reply) => {
    const connection = await connectionOf(request);
    const transport = connection.transport;
    if (transport instanceof LongPollingTransport) transport.abort();
    connection.transportClosed();
    registry.forget(connection);
    return reply.code(202).send();
  });
}
