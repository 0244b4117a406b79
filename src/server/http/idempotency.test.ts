import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceDetail, ModemRequest } from '@shared/devices/devices';
import { devices, idempotencyKeys, modemRequests } from '@server/db/schema';
import { ADMIN, customerId, deviceOf, USER, VIEWER, writeSnapshot } from '@server/test/api';
import { createTestContext, type TestContext } from '@server/test/harness';
import { KEY_MESSAGE, KEY_REUSED, REPLAYED_HEADER } from './idempotency';
import { keyedCaller } from '@server/test/idempotency-client';

let ctx: TestContext;
let send: ReturnType<typeof keyedCaller>;
beforeAll(async () => {
  ctx = await createTestContext();
  send = keyedCaller(ctx);
});
afterAll(() => ctx.close());

const requestsWith = (command: string) =>
  ctx.database.db.select().from(modemRequests).where(eq(modemRequests.command, command));
const storedKeys = (key: string) =>
  ctx.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
const allKeys = async () =>
  (await ctx.database.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys))
    .map((r) => r.key)
    .sort();

describe('Idempotency-Key on writes', () => {
  it('runs concurrent requests with one key once; the others get the stored answer', async () => {
    const { imei } = await deviceOf(ctx, 'Atlas Freight', 0);
    const key = randomUUID();
    const body = { Command: `concurrent ${key}`, CommandType: 20 };
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        send(USER, 'POST', `devices/modemrequests/${imei}`, body, key),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    expect(responses.filter((r) => r.headers[REPLAYED_HEADER] === 'true')).toHaveLength(4);
    expect(await requestsWith(body.Command)).toHaveLength(1);
    expect(await storedKeys(key)).toHaveLength(1);
  });

  it('refuses the same key with another body, path or method (422) and writes nothing', async () => {
    const { imei } = await deviceOf(ctx, 'Atlas Freight', 1);
    const key = randomUUID();
    const url = `devices/modemrequests/${imei}`;
    const first = await send(USER, 'POST', url, { Command: 'first' }, key);
    expect(first.statusCode).toBe(200);
    const before = await writeSnapshot(ctx);
    const other = await deviceOf(ctx, 'Atlas Freight', 2);
    for (const [method, path, body] of [
      ['POST', url, { Command: 'second' }],
      ['POST', `devices/modemrequests/${other.imei}`, { Command: 'first' }],
      ['PUT', url, { Id: first.json<ModemRequest>().Id, Command: 'first' }],
    ] as const) {
      const reused = await send(USER, method, path, body, key);
      expect(reused.statusCode).toBe(422);
      expect(reused.json()).toEqual({ message: KEY_REUSED });
    }
    expect(await writeSnapshot(ctx)).toEqual(before);
  });

  it('keeps keys per user: one key of two users is two writes', async () => {
    const { imei } = await deviceOf(ctx, 'Atlas Freight', 3);
    const key = randomUUID();
    const body = { Command: `per user ${key}` };
    const mine = await send(USER, 'POST', `devices/modemrequests/${imei}`, body, key);
    const theirs = await send(ADMIN, 'POST', `devices/modemrequests/${imei}`, body, key);
    expect([mine.statusCode, theirs.statusCode]).toEqual([200, 200]);
    expect(theirs.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(theirs.json<ModemRequest>().Id).not.toBe(mine.json<ModemRequest>().Id);
    expect(await requestsWith(body.Command)).toHaveLength(2);
    expect(await storedKeys(key)).toHaveLength(2);
  });

  it('does not keep a failed write: the same key may be retried and then writes', async () => {
    const device = await deviceOf(ctx, 'Hansen Transport', 0);
    const key = randomUUID();
    const body = { imei: device.imei, note: `retried ${key}` };
    // Not yet the user's device: 404 inside the transaction, which rolls the key back.
    const failed = await send(USER, 'POST', 'devices/note/', body, key);
    expect(failed.statusCode).toBe(404);
    expect(await storedKeys(key)).toHaveLength(0);

    const atlas = await customerId(ctx, 'Atlas Freight');
    const moved = await send(ADMIN, 'POST', `devices/customerconnection/${atlas}`, {
      devices: [device.imei],
    });
    expect(moved.statusCode).toBe(200);
    const retried = await send(USER, 'POST', 'devices/note/', body, key);
    expect(retried.statusCode).toBe(200);
    expect(retried.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(retried.json<DeviceDetail>().Note).toBe(body.note);
    const [row] = await ctx.database.db
      .select({ note: devices.note })
      .from(devices)
      .where(and(eq(devices.id, device.id), eq(devices.customerId, atlas)));
    expect(row?.note).toBe(body.note);
  });

  it('validates the header (400) and refuses viewers (403), storing nothing', async () => {
    const { imei } = await deviceOf(ctx, 'Atlas Freight', 4);
    const url = `devices/modemrequests/${imei}`;
    const before = await writeSnapshot(ctx);
    const keysBefore = await allKeys();
    for (const key of ['', 'k'.repeat(201), 'tab\there', 'naïve']) {
      const response = await send(USER, 'POST', url, { Command: 'bad key' }, key);
      expect(response.statusCode, JSON.stringify(key)).toBe(400);
      expect(response.json()).toEqual({ errors: { 'Idempotency-Key': KEY_MESSAGE } });
    }
    const viewer = await send(VIEWER, 'POST', url, { Command: 'viewer' }, randomUUID());
    expect(viewer.statusCode).toBe(403);
    expect(await writeSnapshot(ctx)).toEqual(before);
    expect(await allKeys()).toEqual(keysBefore);
  });

  it('writes as before without the header, and keeps no key', async () => {
    const { imei } = await deviceOf(ctx, 'Atlas Freight', 5);
    const body = { Command: `no key ${randomUUID()}` };
    const keysBefore = await allKeys();
    for (let i = 0; i < 2; i++) {
      const response = await send(USER, 'POST', `devices/modemrequests/${imei}`, body);
      expect(response.statusCode).toBe(200);
      expect(response.headers[REPLAYED_HEADER]).toBeUndefined();
    }
    expect(await requestsWith(body.Command)).toHaveLength(2);
    expect(await allKeys()).toEqual(keysBefore);
  });

  it('documents the header on the write routes', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    }>();
    const headersOf = (path: string, method: string) =>
      (doc.paths[path]?.[method]?.parameters ?? []).filter((p) => p.in === 'header');
    expect(headersOf('/api/devices/modemrequests/{imei}', 'post')).toEqual([
      expect.objectContaining({ name: 'idempotency-key' }),
    ]);
    expect(headersOf('/api/devices/settings/{imei}', 'get')).toEqual([]);
  });
});
