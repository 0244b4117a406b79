/** Helpers for the forwarding tests: a forward to a local receiver, devices on it, messages. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { startHttpReceiver, type HttpReceiver } from '@server/receiver/http';
import type { ForwardHealth } from '@shared/forwards/forward-health';
import { FORWARD_PROTOCOL_IDS } from '@shared/forwards/forward-kinds';
import type { Forward } from '@shared/forwards/forwards';
import type { AppOptions } from '@server/app';
import { selectRows } from '@server/db/client';
import type { TargetAllowance } from '@server/forwarding/targets';
import { createTargetChecker } from '@server/forwarding/targets';
import {
  createForwardingEngine,
  type ForwardingEngine,
  type ForwardingOptions,
} from '@server/forwarding/engine';
import { createConnector, createSender } from '@server/forwarding/protocols';
import { createSecretBox } from '@server/auth/secret-box';
import { ADMIN, apiCaller } from './api';
import { post, someDevices, type FleetDevice } from './device-link';
import { forwardBody } from './forwards';
import { TEST_SECRETS_KEY, type TestContext } from './harness';

export const LOOPBACK: TargetAllowance = { ranges: ['loopback'], cidrs: [] };

const quietLog = { error: () => undefined } as unknown as Parameters<
  typeof createForwardingEngine
>[2];

/**
 * Another server instance's engine on the test's database, logging nothing, sending over the
 * real protocols to loopback receivers unless `options.connector` says otherwise.
 */
export function anotherEngine(
  ctx: TestContext,
  options: Partial<ForwardingOptions> & { owner: string },
): ForwardingEngine {
  return createForwardingEngine(ctx.database.db, createSecretBox(TEST_SECRETS_KEY), quietLog, {
    connector: createConnector({ allowance: LOOPBACK }),
    senders: createSender,
    ...options,
  });
}

/** App options with forwarding on, driven by hand (`catchUp`), quick retries, loopback allowed. */
export const forwardingOptions = (
  extra: Partial<AppOptions['forwarding']> = {},
): Partial<AppOptions> => ({
  forwardTargets: createTargetChecker(LOOPBACK, () => Promise.resolve([])),
  forwarding: {
    tickMs: 0,
    leaseMs: 5_000,
    batchSize: 50,
    healthEveryMs: 0,
    backoff: { baseMs: 20, maxMs: 100 },
    connector: { allowance: LOOPBACK, connectTimeoutMs: 2_000, answerTimeoutMs: 3_000 },
    ...extra,
  },
});

export interface ForwardSetup {
  forward: Forward;
  devices: FleetDevice[];
}

/**
 * An HTTP JSON forward of the devices' customer to 127.0.0.1:`port` carrying RT and TD, and
 * `n` devices of that customer with their RT and TD slots on it.
 */
export async function forwardToReceiver(
  ctx: TestContext,
  port: number,
  n: number,
  protocol: number = FORWARD_PROTOCOL_IDS['HTTP JSON'],
  /** Devices of the customer passed over (another forward's). */
  skip = 0,
): Promise<ForwardSetup> {
  const call = apiCaller(ctx);
  const [first] = await someDevices(ctx.database.db, 1);
  const customerId = first?.customerId ?? 0;
  const created = await call(ADMIN, 'POST', 'forwards/', {
    ...forwardBody(customerId, `Receiver ${String(port)}`),
    IP: '127.0.0.1',
    Port: port,
    Protocols: [protocol],
  });
  expect(created.statusCode, created.body).toBe(200);
  const [forward] = created.json<Forward[]>();
  if (!forward) throw new Error('no forward created');
  const devices = (await someDevices(ctx.database.db, 200))
    .filter((d) => d.customerId === customerId)
    .slice(skip, skip + n);
  for (const device of devices) {
    for (const type of ['RT', 'TD']) {
      const slot = await call(ADMIN, 'POST', 'devices/forwards/', {
        IMEI: device.imei,
        MessageType: type,
        ForwardId: forward.Id,
      });
      expect(slot.statusCode, slot.body).toBe(200);
    }
  }
  return { forward, devices };
}

/** Posts `count` messages per device, round robin; answers the bodies in posting order. */
export async function postMessages(
  ctx: TestContext,
  devices: readonly FleetDevice[],
  count: number,
  extra: Record<string, unknown> = {},
): Promise<Record<string, unknown>[]> {
  const sent: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    for (const device of devices) {
      const body = { IMEI: device.imei, Seq: i, Speed: i % 120, ...extra };
      const response = await post(ctx, body);
      expect(response.statusCode, response.body).toBe(200);
      sent.push(body);
    }
  }
  return sent;
}

export async function healthOf(ctx: TestContext, forwardId: number): Promise<ForwardHealth> {
  const response = await apiCaller(ctx)(ADMIN, 'GET', `forwards/${String(forwardId)}/health`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ForwardHealth>();
}

export async function logMessages(ctx: TestContext, like: string): Promise<string[]> {
  const rows = await selectRows<{ message: string }>(
    ctx.database.db,
    sql`select message from logs where message like ${like} order by id`,
  );
  return rows.map((r) => r.message);
}

/** The forwarding engine of the context's app (forwarding must be on). */
export function engineOf(ctx: TestContext) {
  const engine = ctx.app.forwarding;
  if (!engine) throw new Error('forwarding is off in this test context');
  return engine;
}

/** A pass, then its sends finished and their progress written. */
async function passSettled(engine: ForwardingEngine): Promise<boolean> {
  const more = await engine.runPass();
  await engine.settle();
  return more;
}

/**
 * What the engine's timers do, without waiting for them: a refresh (leases, forwards, replays),
 * then passes until one finds nothing more waiting, and once more with every send finished, so
 * the health is measured as things stand now.
 */
export async function catchUp(engine: ForwardingEngine): Promise<void> {
  await engine.refresh();
  await engine.settle();
  for (let round = 0; round < 1_000; round++) {
    while (await passSettled(engine));
    if (!(await passSettled(engine))) return;
  }
}

/** The instance holding the forward's lease (null: none). */
export async function leaseOwner(ctx: TestContext, forwardId: number): Promise<string | null> {
  const [row] = await selectRows<{ owner: string | null }>(
    ctx.database.db,
    sql`select lease_owner as owner from forward_cursors where forward_id = ${forwardId}
      and lease_until > now()`,
  );
  return row?.owner ?? null;
}

/**
 * The test file's forward to a local HTTP JSON receiver with `n` devices on it (set up before
 * the tests, the receiver closed after them).
 */
export function useForwardToReceiver(api: { readonly ctx: TestContext }, n: number) {
  let receiver: HttpReceiver | undefined;
  let setup: ForwardSetup | undefined;
  beforeAll(async () => {
    receiver = await startHttpReceiver();
    setup = await forwardToReceiver(api.ctx, receiver.port, n);
  });
  afterAll(() => receiver?.close());
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the receiver is not started yet');
    return value;
  };
  return {
    get receiver() {
      return started(receiver);
    },
    get setup() {
      return started(setup);
    },
  };
}
