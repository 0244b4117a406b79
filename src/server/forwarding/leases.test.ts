import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Envelope } from '@server/receiver/common';
import { useApiContext } from '@server/test/api';
import {
  anotherEngine,
  catchUp,
  engineOf,
  forwardingOptions,
  healthOf,
  leaseOwner,
  postMessages,
  useForwardToReceiver,
} from '@server/test/forwarding';
import type { ForwardingEngine } from './engine';
import { createConnector } from './protocols';

// Issue 15: several instances on one database deliver each message once (a lease per forward),
// a message committed late is not skipped, and a refused target is never contacted.
const api = useApiContext(forwardingOptions());
const target = useForwardToReceiver(api, 4);

/** Another server instance's engine on the same database. */
function secondInstance(owner: string, tickMs: number): ForwardingEngine {
  return anotherEngine(api.ctx, {
    owner,
    tickMs,
    leaseMs: 1_000,
    batchSize: 20,
    backoff: { baseMs: 20, maxMs: 100 },
  });
}

/** A promise opened from outside. */
function latch() {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    promise,
    open: () => {
      open();
    },
  };
}

const byId = (received: Envelope[]) => {
  const counts = new Map<string, number>();
  for (const e of received) counts.set(e.MessageId, (counts.get(e.MessageId) ?? 0) + 1);
  return counts;
};

const until = async (done: () => boolean, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
};

describe('several instances', () => {
  it('deliver each message once while both run, and one takes over when the other stops', async () => {
    // The context's own engine stays out (tickMs 0, not ticked); two more run on timers.
    await engineOf(api.ctx).close();
    const first = secondInstance('instance-a', 15);
    const second = secondInstance('instance-b', 15);
    first.start();
    second.start();
    target.receiver.received.length = 0;
    const sent = await postMessages(api.ctx, target.setup.devices, 40);
    await until(() => target.receiver.received.length >= sent.length);
    expect([...byId(target.receiver.received).values()].every((n) => n === 1)).toBe(true);
    expect(byId(target.receiver.received).size).toBe(sent.length);
    const id = target.setup.forward.Id;
    // One lease per forward: one instance holds it, the other does not.
    const owner = await leaseOwner(api.ctx, id);
    expect([first.owner, second.owner]).toContain(owner);
    const holder = owner === first.owner ? first : second;
    const other = holder === first ? second : first;

    // A shutdown gives the lease back: the other instance goes on at once.
    await holder.close();
    const more = await postMessages(api.ctx, target.setup.devices, 10);
    await until(() => target.receiver.received.length >= sent.length + more.length);
    expect(await leaseOwner(api.ctx, id)).toBe(other.owner);
    expect(byId(target.receiver.received).size).toBe(sent.length + more.length);
    expect([...byId(target.receiver.received).values()].every((n) => n === 1)).toBe(true);
    for (const d of target.setup.devices) {
      const seqs = target.receiver.received
        .filter((e) => e.IMEI === d.imei)
        .map((e) => (e.Message as { Seq: number }).Seq);
      expect(seqs).toEqual([...[...Array(40).keys()], ...[...Array(10).keys()]]);
    }
    await other.close();
  });
});

describe('a message committed late', () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    'is delivered although later messages were delivered before it committed',
    async () => {
      const engine = secondInstance('late-check', 0);
      onTestFinished(() => engine.close());
      target.receiver.received.length = 0;
      const [device] = target.setup.devices;
      if (!device) throw new Error('no device');
      const gate = latch();
      const started = latch();
      // A transaction that takes its id (and writes its row) first but commits last.
      const late = api.ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into raw_messages
          (device_id, imei, valid_json, message_type, message)
          values (${device.id}, ${device.imei}, true, 2, ${JSON.stringify({ Late: true })})`);
        started.open();
        await gate.promise;
      });
      await started.promise;
      let sent: unknown[];
      try {
        sent = await postMessages(api.ctx, target.setup.devices, 3);
        await catchUp(engine);
        // Nothing after the open transaction is sent yet: order per device holds.
        expect(target.receiver.received).toHaveLength(0);
      } finally {
        // Also when the test fails: an open transaction holds every engine back until it ends.
        gate.open();
        await late;
      }
      await catchUp(engine);
      expect(target.receiver.received).toHaveLength(sent.length + 1);
      expect(target.receiver.received.filter((e) => e.IMEI === device.imei)[0]?.Message).toEqual({
        Late: true,
      });
    },
  );
});

describe('refused targets', () => {
  it('are never contacted, also when a name resolves to one at delivery time', async () => {
    const before = target.receiver.connections;
    for (const resolve of [undefined, () => Promise.resolve(['127.0.0.1'])]) {
      const engine = anotherEngine(api.ctx, {
        owner: 'strict',
        tickMs: 0,
        connector: createConnector({ resolve }),
      });
      await postMessages(api.ctx, target.setup.devices.slice(0, 1), 1);
      await catchUp(engine);
      await engine.close();
    }
    expect(target.receiver.connections).toBe(before);
    const health = await healthOf(api.ctx, target.setup.forward.Id);
    expect(health.LastError).toMatch(/loopback/);
  });
});
