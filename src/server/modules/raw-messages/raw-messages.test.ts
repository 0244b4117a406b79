import { count, max } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RAW_MESSAGE_PAGE_SIZE, type RawMessage } from '@shared/devices/raw-messages';
import { rawMessages } from '@server/db/schema';
import { ADMIN, RESELLER, USER, VIEWER, useApiContext } from '@server/test/api';
import { post, someDevices } from '@server/test/device-link';
import { rawMessageSearchReach } from './search-indexer';

const api = useApiContext();
const { call } = api;

const page = async (path: string) => {
  const response = await call(ADMIN, 'GET', path);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RawMessage[]>();
};
const rowCount = async () =>
  (await api.ctx.database.db.select({ n: count() }).from(rawMessages))[0]?.n;

describe('rawmessages/ (admins only)', () => {
  it('is 403 for users, viewers and resellers, on every route', async () => {
    const paths = ['rawmessages/', 'rawmessages/chunk/5', 'rawmessages/search/Message/abc'];
    for (const email of [USER, VIEWER, RESELLER])
      for (const path of [...paths, 'rawmessages/all/'])
        expect((await call(email, 'GET', path)).statusCode, `${email} ${path}`).toBe(403);
  });

  it("shows every device's messages newest first, 50 a page, the next below the last id", async () => {
    const first = await page('rawmessages/');
    expect(first).toHaveLength(RAW_MESSAGE_PAGE_SIZE);
    const second = await page(`rawmessages/chunk/${first.at(-1)?.Id}`);
    const all = [...first, ...second].map((m) => m.Id);
    expect(all).toEqual([...all].sort((a, b) => b - a));
    expect(new Set(all).size).toBe(all.length);
    const [newest] = await api.ctx.database.db
      .select({ id: max(rawMessages.id) })
      .from(rawMessages);
    expect(first[0]?.Id).toBe(newest?.id);
    expect(new Set(first.map((m) => m.Message.slice(0, 30))).size).toBeGreaterThan(1);
  });

  it('counts every stored message from the counters, a message just received included', async () => {
    expect((await call(ADMIN, 'GET', 'rawmessages/all/')).json()).toBe(await rowCount());
    const [device] = await someDevices(api.ctx.database.db, 1);
    const sent = await post(api.ctx, { IMEI: device?.imei, Note: 'rate 100% of x_y' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await call(ADMIN, 'GET', 'rawmessages/all/')).json()).toBe(await rowCount());
    const [newest] = await page('rawmessages/');
    expect(newest).toMatchObject({ ValidJson: true });
    expect(JSON.parse(newest?.Message ?? '{}')).toMatchObject({ Note: 'rate 100% of x_y' });
  });

  it('searches Message as "contains", case-insensitive, % and _ taken literally', async () => {
    const [device] = await someDevices(api.ctx.database.db, 1, 1);
    await post(api.ctx, { IMEI: device?.imei, Note: 'rate 1000 of xzy' });
    await post(api.ctx, '{"broken', { headers: { 'x-imei': device?.imei ?? '' } });
    const found = async (text: string) =>
      (await page(`rawmessages/search/Message/${encodeURIComponent(text)}`)).map((m) =>
        m.ValidJson ? (JSON.parse(m.Message) as { Note?: string }).Note : m.Message,
      );
    expect(await found('RATE 100% OF')).toEqual(['rate 100% of x_y']);
    expect(await found('of x_y')).toEqual(['rate 100% of x_y']);
    expect(await found('{"BROKEN')).toEqual(['{"broken']);
    expect(await page('rawmessages/search/Message/no%20such%20text')).toEqual([]);
    expect((await call(ADMIN, 'GET', 'rawmessages/search/IMEI/123')).statusCode).toBe(400);
  });
});

describe('the search indexer', () => {
  // Messages posted by earlier tests hold the copy back until they are 5 s old (settling).
  it('runs with the app and copies settled messages into the search table', async () => {
    const { db } = api.ctx.database;
    const [stored] = await db
      .insert(rawMessages)
      .values({
        imei: '356000000000999',
        validJson: true,
        message: '{"indexer":"probe"}',
        timeStampServer: new Date(Date.now() - 60_000),
      })
      .returning({ id: rawMessages.id });
    const id = stored?.id ?? 0;
    await expect
      .poll(async () => rawMessageSearchReach(db), { timeout: 20_000, interval: 200 })
      .toBeGreaterThanOrEqual(id);
    const found = await page('rawmessages/search/Message/indexer":"probe');
    expect(found.map((m) => m.Id)).toEqual([id]);
  });
});
