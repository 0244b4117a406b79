import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Envelope } from '@server/receiver/common';
import { ADMIN, useApiContext } from '@server/test/api';
import { post } from '@server/test/device-link';
import {
  catchUp,
  engineOf,
  forwardingOptions,
  healthOf,
  logMessages,
  postMessages,
  useForwardToReceiver,
} from '@server/test/forwarding';

// Issue 15: the engine delivers every stored message of a forward's devices, in order per
// device, through receiver outages, pauses and replays, with its health on the API.
const api = useApiContext(forwardingOptions());
const target = useForwardToReceiver(api, 3);

// A test that fails half-way leaves the receiver up and answering: its failure stays its own.
afterEach(async () => {
  target.receiver.answer = { status: 200 };
  await target.receiver.up();
});

const drain = () => catchUp(engineOf(api.ctx));
const seqs = (received: Envelope[], imei: string) =>
  received
    .filter((e) => e.IMEI === imei && !e.Replayed)
    .map((e) => (e.Message as { Seq: number }).Seq);
const uniqueIds = (received: Envelope[]) => new Set(received.map((e) => e.MessageId));

describe('delivery', () => {
  it('delivers each message once, in order per device, with its envelope and credentials', async () => {
    const sent = await postMessages(api.ctx, target.setup.devices, 30);
    // Not forwarded: a body that is not JSON, and a type the forward does not carry (TL).
    const [device] = target.setup.devices;
    if (!device) throw new Error('no device');
    await post(api.ctx, 'not json', { headers: { 'x-imei': device.imei } });
    await post(api.ctx, { IMEI: device.imei, MessageType: 'TL', Seq: -1 });
    await post(api.ctx, { IMEI: device.imei, MessageType: 'td', Seq: 30 });
    await drain();

    expect(target.receiver.received).toHaveLength(sent.length + 1);
    expect(uniqueIds(target.receiver.received).size).toBe(sent.length + 1);
    for (const d of target.setup.devices) {
      const expected = [...Array(30).keys()];
      expect(seqs(target.receiver.received, d.imei)).toEqual(
        d === device ? [...expected, 30] : expected,
      );
    }
    const td = target.receiver.received.find((e) => e.MessageType === 'TD');
    expect(td?.Message).toEqual({ IMEI: device.imei, MessageType: 'td', Seq: 30 });
    const first = target.receiver.received[0];
    expect(first?.MessageId).toMatch(new RegExp(`^${first?.IMEI ?? ''}-\\d+$`));
    expect(first?.Replayed).toBe(false);
    const request = target.receiver.requests[0];
    expect(request?.headers.authorization).toBe('Bearer t-1');
    expect(request?.headers['x-api-key']).toBe('key-1');

    const health = await healthOf(api.ctx, target.setup.forward.Id);
    expect(health).toMatchObject({ State: 'delivering', Backlog: 0, LagSeconds: null });
    expect(health.Delivered24h).toBe(sent.length + 1);
    expect(health.LastDeliveredAt).not.toBeNull();
  });

  it('retries with backoff while the receiver fails, then delivers everything in order', async () => {
    target.receiver.received.length = 0;
    target.receiver.answer = { status: 503 };
    const sent = await postMessages(api.ctx, target.setup.devices, 10);
    await catchUp(engineOf(api.ctx));
    let health = await healthOf(api.ctx, target.setup.forward.Id);
    // Every stored batch woke the engine, so it may have failed often enough to be failing.
    expect(['retrying', 'failing']).toContain(health.State);
    expect(health.LastError).toContain('503');
    expect(health.Failed24h).toBeGreaterThan(0);
    expect(health.NextAttemptAt).not.toBeNull();
    expect(health.Backlog).toBe(sent.length);

    await target.receiver.down();
    for (let i = 0; i < 6; i++) {
      await new Promise((resolve) => setTimeout(resolve, 120));
      await catchUp(engineOf(api.ctx));
    }
    health = await healthOf(api.ctx, target.setup.forward.Id);
    expect(health.State).toBe('failing');
    expect(target.receiver.received).toHaveLength(0);

    await target.receiver.up();
    target.receiver.answer = { status: 200 };
    await new Promise((resolve) => setTimeout(resolve, 150));
    await drain();
    expect(target.receiver.received).toHaveLength(sent.length);
    for (const d of target.setup.devices)
      expect(seqs(target.receiver.received, d.imei)).toEqual([...Array(10).keys()]);
    health = await healthOf(api.ctx, target.setup.forward.Id);
    expect(health).toMatchObject({ State: 'delivering', Backlog: 0 });
    const name = target.setup.forward.Name;
    expect(await logMessages(api.ctx, `Forward '${name}' could not deliver%`)).toHaveLength(1);
    expect(await logMessages(api.ctx, `Forward '${name}' is failing%`)).toHaveLength(1);
    expect(await logMessages(api.ctx, `Forward '${name}' delivers again%`)).toHaveLength(1);
  });

  it("holds a forward's messages while its Status is 0 and delivers them when it is 1 again", async () => {
    target.receiver.received.length = 0;
    const status = async (value: number) => {
      const current = (
        await api.call(ADMIN, 'GET', `forwards/${String(target.setup.forward.Id)}`)
      ).json<Record<string, unknown>>();
      const response = await api.call(ADMIN, 'PUT', `forwards/${String(target.setup.forward.Id)}`, {
        ...current,
        Status: value,
        Protocols: [0],
        MessageTypes: [0, 2],
        Password: '',
        API_KEY: '',
        Auth: '',
      });
      expect(response.statusCode, response.body).toBe(200);
      // The engine reads forwards again on its next refresh (every second when it runs alone).
      await catchUp(engineOf(api.ctx));
    };
    await status(0);
    const sent = await postMessages(api.ctx, target.setup.devices, 5);
    await drain();
    expect(target.receiver.received).toHaveLength(0);
    expect(await healthOf(api.ctx, target.setup.forward.Id)).toMatchObject({
      State: 'paused',
      Backlog: sent.length,
    });
    await status(1);
    await drain();
    expect(target.receiver.received).toHaveLength(sent.length);
  });
});

describe('retention', () => {
  it('gives up messages older than the retention, counted and logged, and delivers the rest', async () => {
    target.receiver.received.length = 0;
    target.receiver.answer = { status: 500 };
    const old = await postMessages(api.ctx, target.setup.devices, 2, { Old: true });
    await catchUp(engineOf(api.ctx));
    await api.ctx.database.db.execute(sql`update raw_messages
      set time_stamp_server = now() - interval '8 days' where message like '%"Old":true%'`);
    target.receiver.answer = { status: 200 };
    const fresh = await postMessages(api.ctx, target.setup.devices, 2);
    await new Promise((resolve) => setTimeout(resolve, 150));
    await drain();
    expect(target.receiver.received).toHaveLength(fresh.length);
    const health = await healthOf(api.ctx, target.setup.forward.Id);
    expect(health.GivenUp24h).toBe(old.length);
    const name = target.setup.forward.Name;
    expect(
      await logMessages(
        api.ctx,
        `Forward '${name}' gave up ${String(old.length)} messages older than 7 days%`,
      ),
    ).toHaveLength(1);
  });
});

describe('replay', () => {
  it('counts the window, then sends it again once, marked as replayed', async () => {
    target.receiver.received.length = 0;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const from = new Date().toISOString();
    const sent = await postMessages(api.ctx, target.setup.devices, 4);
    await drain();
    expect(target.receiver.received).toHaveLength(sent.length);
    const to = new Date(Date.now() + 1_000).toISOString();
    const path = `forwards/${String(target.setup.forward.Id)}/replay`;
    const preview = await api.call(ADMIN, 'GET', `${path}?From=${from}&To=${to}`);
    expect(preview.json()).toEqual({ Messages: sent.length });
    const started = await api.call(ADMIN, 'POST', path, { From: from, To: to });
    expect(started.json()).toEqual({ Messages: sent.length });
    expect((await healthOf(api.ctx, target.setup.forward.Id)).ReplayRemaining).toBe(sent.length);
    await drain();
    const replayed = target.receiver.received.filter((e) => e.Replayed);
    expect(replayed).toHaveLength(sent.length);
    expect(uniqueIds(replayed).size).toBe(sent.length);
    await drain();
    expect(target.receiver.received.filter((e) => e.Replayed)).toHaveLength(sent.length);
    expect((await healthOf(api.ctx, target.setup.forward.Id)).ReplayRemaining).toBe(0);
    expect(
      await logMessages(api.ctx, `Forward '${target.setup.forward.Name}' replay % done%`),
    ).toHaveLength(1);
  });

  it('refuses a window that ends before it starts, with the field message', async () => {
    const path = `forwards/${String(target.setup.forward.Id)}/replay`;
    const response = await api.call(ADMIN, 'POST', path, {
      From: '2026-01-02T00:00:00Z',
      To: '2026-01-01T00:00:00Z',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { To: 'To must be after From' } });
  });
});
