/** The connections of one hub, keyed by their connection token, and the one timer that sweeps them. */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Caller } from '@server/auth/tokens';
import { Connection } from './connection';
import type { ConnectionHost } from './connection-host';
import type { HubLimits } from './limits';
import type { HubConnection, HubDefinition } from './types';

/** 128 random bits: connection tokens cannot be guessed. */
const randomId = (): string => randomBytes(16).toString('base64url');

export class HubRegistry implements ConnectionHost {
  private readonly connections = new Map<string, Connection>();
  /** Closed long-polling connections whose last messages (the Close) still wait for a poll. */
  private readonly lingering = new Map<string, Connection>();
  /** Hub methods by lower-case name: SignalR matches method names case-insensitively. */
  private readonly methods: Map<string, HubDefinition['methods'][string]>;
  private sweeper: NodeJS.Timeout | null = null;

  constructor(
    private readonly hub: HubDefinition,
    readonly limits: HubLimits,
    readonly log: FastifyBaseLogger,
  ) {
    this.methods = new Map(
      Object.entries(hub.methods).map(([name, method]) => [name.toLowerCase(), method]),
    );
  }

  get size(): number {
    return this.connections.size;
  }

  create(caller: Caller, query: URLSearchParams): Connection {
    const connection = new Connection(this, randomId(), randomId(), caller, query);
    this.connections.set(connection.token, connection);
    this.sweeper ??= setInterval(() => {
      this.sweep();
    }, this.limits.sweepIntervalMs).unref();
    return connection;
  }

  /** An open or lingering connection by its token. */
  get(token: string): Connection | undefined {
    return this.connections.get(token) ?? this.lingering.get(token);
  }

  /** Forgets a lingering connection once its last poll took what was left. */
  forget(connection: Connection): void {
    this.lingering.delete(connection.token);
  }

  method(target: string) {
    return this.methods.get(target.toLowerCase());
  }

  onConnected(connection: HubConnection) {
    return this.hub.onConnected?.(connection);
  }

  onDisconnected(connection: HubConnection, error?: Error): void {
    this.hub.onDisconnected?.(connection, error);
  }

  release(connection: Connection): void {
    this.connections.delete(connection.token);
    if (connection.transport?.lingering) this.lingering.set(connection.token, connection);
  }

  /** Sends every connection a Close (allowReconnect) and stops the timer. */
  shutdown(): void {
    for (const connection of [...this.connections.values()]) connection.shutdown();
    this.stop();
  }

  stop(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    this.lingering.clear();
  }

  private sweep(): void {
    const now = Date.now();
    for (const connection of this.connections.values()) connection.tick(now);
    for (const connection of this.lingering.values()) {
      if (now - connection.since > this.limits.lingerMs) this.lingering.delete(connection.token);
    }
  }
}
