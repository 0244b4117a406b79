/**
 * The WebSockets transport on Fastify's own HTTP server: one `upgrade` listener per server
 * dispatches by path to the hubs registered on it; other paths are refused with 404 (unless
 * something else listens for upgrades too).
 */
import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { HttpError, notFound } from '@server/errors/http-errors';
import { admit, readCaller, type HubAuthenticator } from './auth';
import type { Connection } from './connection';
import type { HubLimits } from './limits';
import type { HubRegistry } from './registry';
import { hubQuery } from './routes';
import type { Transport } from './transport';
import type { HubDefinition } from './types';

type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

const handlersByServer = new WeakMap<Server, Map<string, UpgradeHandler>>();
const NORMAL_CLOSURES = new Set([1000, 1001, 1005]);

const pathOf = (url: string): string => url.split('?')[0]?.replace(/\/+$/, '') ?? '';

/** Adds a path's upgrade handler; returns its removal. */
export function onUpgrade(server: Server, path: string, handler: UpgradeHandler): () => void {
  let handlers = handlersByServer.get(server);
  if (!handlers) {
    const paths = new Map<string, UpgradeHandler>();
    handlers = paths;
    handlersByServer.set(server, paths);
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const route = paths.get(pathOf(request.url ?? ''));
      if (route) route(request, socket, head);
      // Left to other listeners if there are any; otherwise nobody would ever answer it.
      else if (server.listenerCount('upgrade') === 1) refuse(socket, notFound());
    });
  }
  handlers.set(pathOf(path), handler);
  return () => handlers.delete(pathOf(path));
}

/** Answers an upgrade request with an HTTP error instead of switching protocols. */
function refuse(socket: Duplex, error: HttpError): void {
  const body = JSON.stringify({ message: error.message });
  socket.end(
    `HTTP/1.1 ${error.statusCode} ${STATUS_CODES[error.statusCode] ?? ''}\r\n` +
      `Connection: close\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

class WebSocketTransport implements Transport {
  readonly kind = 'WebSockets';

  constructor(
    private readonly socket: WebSocket,
    private readonly maxBufferedBytes: number,
  ) {}

  write(frame: string | Buffer): boolean {
    if (this.socket.readyState !== WebSocket.OPEN) return true;
    if (this.socket.bufferedAmount > this.maxBufferedBytes) return false;
    this.socket.send(frame);
    return true;
  }

  end(): void {
    if (this.socket.bufferedAmount > this.maxBufferedBytes) this.socket.terminate();
    else this.socket.close(1000);
  }
}

export interface WebSocketContext {
  hub: HubDefinition;
  auth: HubAuthenticator;
  registry: HubRegistry;
  limits: HubLimits;
}

/** The upgrade handler of one hub, and the socket server whose clients it tracks. */
export function webSocketUpgrade(context: WebSocketContext) {
  const { hub, auth, registry, limits } = context;
  const server = new WebSocketServer({
    noServer: true,
    // Compression would cost each connection zlib buffers (hundreds of KiB); hub messages are small.
    perMessageDeflate: false,
    maxPayload: limits.maxMessageBytes * 4,
    clientTracking: true,
  });

  /** The negotiated connection to attach, or (skipNegotiation) a new one. */
  async function connectionFor(request: IncomingMessage): Promise<Connection> {
    const url = new URL(request.url ?? '/', 'http://hub');
    const caller = admit(
      await readCaller(auth, request.headers.authorization, url.searchParams.get('access_token')),
      hub,
    );
    const id = url.searchParams.get('id');
    if (id === null) {
      const query = hubQuery(request.url ?? '');
      await hub.authorize?.(caller, query);
      return registry.create(caller, query);
    }
    const connection = registry.get(id);
    if (connection?.caller.userId !== caller.userId) throw notFound('No such connection');
    if (!connection.canAttach()) throw new HttpError(409, 'The connection is in use');
    await hub.authorize?.(caller, connection.query);
    return connection;
  }

  function attach(connection: Connection, socket: WebSocket): void {
    connection.attach(new WebSocketTransport(socket, limits.maxBufferedBytes));
    socket.on('message', (data: Buffer) => {
      connection.receive(data);
    });
    socket.on('error', (error) => {
      registry.log.debug({ err: error }, 'hub socket error');
    });
    socket.on('close', (code: number) => {
      connection.transportClosed(
        NORMAL_CLOSURES.has(code) ? undefined : new Error(`WebSocket closed with code ${code}`),
      );
    });
  }

  const upgrade: UpgradeHandler = (request, socket, head) => {
    // Until `ws` takes the socket over, a reset client must not become an unhandled error.
    const onError = () => socket.destroy();
    socket.on('error', onError);
    connectionFor(request).then(
      (connection) => {
        // Re-checked after the asynchronous authorize: the token may have been used meanwhile.
        if (!connection.canAttach() || socket.destroyed) {
          if (!socket.destroyed) refuse(socket, new HttpError(409, 'The connection is in use'));
          return;
        }
        socket.off('error', onError);
        server.handleUpgrade(request, socket, head, (ws) => {
          attach(connection, ws);
        });
      },
      (error: unknown) => {
        if (error instanceof HttpError) refuse(socket, error);
        else {
          registry.log.error({ err: error }, 'hub upgrade failed');
          refuse(socket, new HttpError(500, 'Internal Server Error'));
        }
      },
    );
  };

  /** Waits up to `graceMs` for closing sockets to finish, then cuts the rest. */
  async function drain(graceMs: number): Promise<void> {
    const deadline = Date.now() + graceMs;
    while (server.clients.size > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (const client of server.clients) client.terminate();
    server.close();
  }

  return { upgrade, drain };
}
