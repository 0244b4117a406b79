import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import { Server as TlsServer } from 'node:tls';
import type { FastifyInstance } from 'fastify';

/** What a request that comes while the server stops is told: come back in a few seconds. */
export const DRAIN_RETRY_AFTER_SECONDS = 5;
export const SHUTTING_DOWN_MESSAGE = 'The server is shutting down; send it again shortly';
/** A connection with no request for this long is left for the close (its client is not busy). */
const QUIET_MS = 1_000;
const POLL_MS = 25;

declare module 'fastify' {
  interface FastifyInstance {
    /** Stops taking connections and answers those open (http/drain.ts); then `close()`. */
    drain(timeoutMs: number): Promise<void>;
  }
}

interface ConnectionState {
  /** Requests being answered on it. */
  active: number;
  /** When it last had a request answered, or was opened. */
  quietSince: number;
}

/**
 * Stops an HTTP server without resetting a request (issue 25). Node's `server.close()` also
 * closes idle keep-alive connections at once, so a client that is just sending its next request
 * on one sees a connection reset, and has no way to tell whether it arrived. Draining instead:
 * - stops accepting connections (new ones are refused, so nothing was sent on them);
 * - answers every request under way as usual, with `Connection: close`;
 * - answers requests that arrive on open connections 503 with `Retry-After` and
 *   `Connection: close`, so each client learns it must come back and no request is lost in between;
 * - resolves once no connection has had a request for a second (those are closed with the app),
 *   or when `timeoutMs` has passed.
 * Register it first (its hooks cover the routes registered after it); at shutdown call
 * `app.drain()`, then `app.close()`.
 */
export function registerDrain(app: FastifyInstance): void {
  let draining = false;
  const connections = new Map<Socket, ConnectionState>();
  // Over https a request's socket is the TLS socket, which 'secureConnection' hands out;
  // 'connection' gives the TCP socket beneath it.
  const opened = app.server instanceof TlsServer ? 'secureConnection' : 'connection';
  app.server.on(opened, (socket: Socket) => {
    connections.set(socket, { active: 0, quietSince: Date.now() });
    socket.once('close', () => connections.delete(socket));
  });
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const state = connections.get(request.socket);
    if (!state) return;
    state.active++;
    response.once('close', () => {
      state.active--;
      state.quietSince = Date.now();
    });
  });

  app.addHook('onRequest', async (_request, reply) => {
    if (!draining) return;
    return reply
      .code(503)
      .header('retry-after', String(DRAIN_RETRY_AFTER_SECONDS))
      .header('connection', 'close')
      .send({ message: SHUTTING_DOWN_MESSAGE });
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining) void reply.header('connection', 'close');
  });

  const busy = () => {
    const now = Date.now();
    for (const state of connections.values())
      if (state.active > 0 || now - state.quietSince < QUIET_MS) return true;
    return false;
  };

  app.decorate('drain', async (timeoutMs: number) => {
    if (draining) return;
    draining = true;
    // The listening socket alone: http.Server#close would also drop the idle connections now.
    if (app.server.listening) NetServer.prototype.close.call(app.server);
    const deadline = Date.now() + timeoutMs;
    while (busy() && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  });
}
