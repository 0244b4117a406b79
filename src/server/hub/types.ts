import type { Action } from '@shared/access/permissions';
import type { Caller } from '@server/auth/tokens';

/**
 * The contract between the SignalR-protocol hub server (src/server/hub/) and the hubs built on it
 * (the installation test). The transport, the JSON and MessagePack hub protocols, the handshake,
 * pings and closing are the hub server's business; a hub sees connections and invocations only.
 */
export interface HubConnection {
  /** The connection id handed out by negotiate. */
  readonly connectionId: string;
  /** The signed-in user the token at negotiate/connect belongs to. */
  readonly caller: Caller;
  /** The query string of the hub URL (e.g. `IMEI`). */
  readonly query: URLSearchParams;
  /** Invokes a client method (a non-blocking invocation: no result is awaited). */
  send(target: string, ...args: unknown[]): void;
  /** Sends a Close message (with an optional error text) and ends the connection. */
  close(error?: string): void;
  readonly closed: boolean;
}

export interface HubDefinition {
  /** Path of the hub, e.g. `/api/socketdevicetests/ws` (negotiate is `${path}/negotiate`). */
  path: string;
  /**
   * Who may connect (403 otherwise): an action of the permission table whose rule looks at no
   * features (checked at registration); any signed-in user when absent. Viewers never, being
   * read-only: a connection invokes actions.
   */
  access?: Action;
  /**
   * Runs at negotiate and again when the transport connects; throw an HttpError (e.g. 404 for a
   * device the caller may not see) to refuse. Negotiate already answered 401 without a valid token.
   */
  authorize?(caller: Caller, query: URLSearchParams): Promise<void>;
  onConnected?(connection: HubConnection): void | Promise<void>;
  onDisconnected?(connection: HubConnection, error?: Error): void;
  /**
   * Client-invokable methods by name. A returned value (or a thrown error's message) is sent
   * as the Completion of an invocation that carries an invocationId.
   */
  methods: Record<string, (connection: HubConnection, ...args: unknown[]) => unknown>;
}
