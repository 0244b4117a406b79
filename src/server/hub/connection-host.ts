import type { FastifyBaseLogger } from 'fastify';
import type { Connection } from './connection';
import type { HubLimits } from './limits';
import type { HubConnection } from './types';

export type HubMethod = (connection: HubConnection, ...args: unknown[]) => unknown;

/** What a connection needs from the hub server it belongs to. */
export interface ConnectionHost {
  readonly limits: HubLimits;
  readonly log: FastifyBaseLogger;
  method(target: string): HubMethod | undefined;
  onConnected(connection: HubConnection): void | Promise<void>;
  onDisconnected(connection: HubConnection, error?: Error): void;
  /** The connection ended; the host forgets it (a lingering long poll a little later). */
  release(connection: Connection): void;
}

export type ConnectionState = 'negotiated' | 'handshaking' | 'open' | 'closed';
