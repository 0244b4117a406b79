import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { SecretBox } from '@server/auth/secret-box';
import type { Db } from '@server/db/client';
import { retryDelay, type BackoffOptions } from './backoff';
import type { HeldForward } from './delivery';
import type { PassContext } from './pass';
import type { Connector, SenderFactory } from './protocols/types';
import { receiverRecovered, startSend } from './sends';

export interface ForwardingOptions {
  connector: Connector;
  senders: SenderFactory;
  /** Claims, renews leases and reloads forwards this often (ms); 0: only when asked (tests). */
  tickMs?: number;
  leaseMs?: number;
  batchSize?: number;
  /** Undelivered messages older than this are given up (FORWARD_RETENTION_DAYS; default 7 days). */
  retentionMs?: number;
  backoff?: BackoffOptions;
  /** How often a held forward's backlog is measured (ms). */
  healthEveryMs?: number;
  /** Passes over the queue start at most this often while messages arrive (ms). */
  pollMs?: number;
  /** This instance's name in the leases (default: random). */
  owner?: string;
  /** A position that only moved past other forwards' rows is written this often (ms). */
  persistEveryMs?: number;
}

/** What the engine works with and knows between its steps, in one place. */
export interface EngineState {
  readonly db: Db;
  readonly secrets: SecretBox;
  readonly log: FastifyBaseLogger;
  readonly connector: Connector;
  readonly senders: SenderFactory;
  /** This instance's name in the leases. */
  readonly owner: string;
  readonly tickMs: number;
  readonly leaseMs: number;
  readonly pollMs: number;
  /** What a pass and the deliveries it starts read and call back. */
  readonly delivery: PassContext;
  /** The forwards this instance holds the lease for, by id. */
  readonly held: Map<number, HeldForward>;
  /** Each held forward's send on its way (one at a time per forward). */
  readonly sending: Map<number, Promise<void>>;
  /** When a forward to each receiver (host:port) last delivered again after failures. */
  readonly recoveredAt: Map<string, number>;
  closed: boolean;
  /** The pass under way: one at a time. */
  passing: Promise<boolean> | null;
  /** A wake came during the pass: another follows it. */
  passAgain: boolean;
  passTimer: NodeJS.Timeout | null;
  lastPassAt: number;
  /** The refresh under way (leases, forwards). */
  refreshing: Promise<void> | null;
  refreshTimer: NodeJS.Timeout | null;
  prunedAt: number;
}

export function createEngineState(
  db: Db,
  secrets: SecretBox,
  log: FastifyBaseLogger,
  options: ForwardingOptions,
): EngineState {
  const owner = options.owner ?? randomUUID();
  const batchSize = options.batchSize ?? 1_000;
  const sending = new Map<number, Promise<void>>();
  const state: EngineState = {
    db,
    secrets,
    log,
    connector: options.connector,
    senders: options.senders,
    owner,
    tickMs: options.tickMs ?? 1_000,
    leaseMs: options.leaseMs ?? 15_000,
    pollMs: options.pollMs ?? 250,
    delivery: {
      db,
      owner,
      batchSize,
      scan: batchSize,
      retentionMs: options.retentionMs ?? 7 * 86_400_000,
      retryDelay: (attempts) => retryDelay(attempts, options.backoff),
      persistEveryMs: options.persistEveryMs ?? 5_000,
      healthEveryMs: options.healthEveryMs ?? 2_000,
      measuredAt: new Map(),
      measuredEmpty: new Set(),
      isSending: (id) => sending.has(id),
      recovered: (forward) => {
        receiverRecovered(state, forward);
      },
      start: (forward, work) => {
        startSend(state, forward, work);
      },
    },
    held: new Map(),
    sending,
    recoveredAt: new Map(),
    closed: false,
    passing: null,
    passAgain: false,
    passTimer: null,
    lastPassAt: 0,
    refreshing: null,
    refreshTimer: null,
    prunedAt: 0,
  };
  return state;
}
