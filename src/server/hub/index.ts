/**
 * A hub server speaking the ASP.NET Core SignalR protocol, so the stock `@microsoft/signalr`
 * client connects unmodified: negotiate (version 1), WebSockets and long polling, the JSON and
 * MessagePack hub protocols. Decisions and limits: docs/decisions/015-signalr-hub.md.
 */
import type { FastifyInstance } from 'fastify';
import { assertHubAccess, type HubAuthenticator } from './auth';
import { DEFAULT_LIMITS, type HubLimits } from './limits';
import { HubRegistry } from './registry';
import { hubRoutes } from './routes';
import type { HubDefinition } from './types';
import { onUpgrade, webSocketUpgrade } from './websocket';

export type { HubConnection, HubDefinition } from './types';

export interface HubDeps {
  /** The API's session-aware token check: the hub accepts the same access tokens. */
  auth: HubAuthenticator;
  /** Shorter timeouts for tests; the defaults otherwise. */
  limits?: Partial<HubLimits>;
}

export interface RegisteredHub {
  /** Connections negotiated or open right now. */
  connectionCount(): number;
}

/**
 * Registers the hub's routes (`{path}/negotiate`, long polling on `{path}`) and its WebSocket
 * upgrades on the app's HTTP server. Call it on the root instance (the path is absolute; the hub
 * does its own token checks, the /api guard is not needed) before the app listens. Closing the
 * app sends every connection a Close (allowReconnect) and ends it.
 */
export async function registerHub(
  app: FastifyInstance,
  deps: HubDeps,
  hub: HubDefinition,
): Promise<RegisteredHub> {
  assertHubAccess(hub);
  const limits = { ...DEFAULT_LIMITS, ...deps.limits };
  const registry = new HubRegistry(hub, limits, app.log);
  const context = { hub, auth: deps.auth, registry, limits };
  const sockets = webSocketUpgrade(context);
  const removeUpgrade = onUpgrade(app.server, hub.path, sockets.upgrade);

  await app.register((scope, _options, done) => {
    hubRoutes(scope, context);
    done();
  });
  // Before in-flight requests are awaited, so held long polls deliver the Close and end.
  app.addHook('preClose', async () => {
    removeUpgrade();
    registry.shutdown();
    await sockets.drain(limits.shutdownGraceMs);
  });
  return { connectionCount: () => registry.size };
}
