import { count, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LOG_PAGE_SIZE, type LogEntry } from '@shared/log/operator-log';
import { logs } from '@server/db/schema';
import { writeOperatorLog } from '@server/operator-log/write';
import { ADMIN, RESELLER, USER, VIEWER, useApiContext } from '@server/test/api';

const api = useApiContext();
const { call } = api;

const page = async (path: string) => {
  const response = await call(ADMIN, 'GET', path);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LogEntry[]>();
};
const ids = (entries: readonly LogEntry[]) => entries.map((e) => e.Id);
const rowCount = async () => (await api.ctx.database.db.select({ n: count() }).from(logs))[0]?.n;

/** Entries at given instants (the writer stamps now(); a test of the TimeStamp rule needs more). */
async function addAt(message: string, at: string, level = 'Information') {
  await api.ctx.database.db.insert(logs).values({ message, level, timeStamp: new Date(at) });
}

describe('log/ (admins only)', () => {
  it('is 403 for users, viewers and resellers, on every route', async () => {
    for (const email of [USER, VIEWER, RESELLER])
      for (const path of ['log/', 'log/chunk/5', 'log/search/Message/abc', 'log/all/'])
        expect((await call(email, 'GET', path)).statusCode, `${email} ${path}`).toBe(403);
  });

  it('pages newest first without skips or repeats while entries are added', async () => {
    const total = await rowCount();
    const seen: number[] = [];
    let entries = await page('log/');
    expect(entries).toHaveLength(LOG_PAGE_SIZE);
    while (entries.length > 0) {
      seen.push(...ids(entries));
      // A writer adds entries between pages: they are newer than any page still to come.
      await writeOperatorLog(api.ctx.database.db, { level: 'Warning', message: 'meanwhile' });
      if (entries.length < LOG_PAGE_SIZE) break;
      entries = await page(`log/chunk/${seen.at(-1)}`);
    }
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(total ?? -1);
    expect(await page('log/chunk/')).toEqual(await page('log/'));
  });

  it('counts every entry, of a customer or of none, from the counters', async () => {
    await writeOperatorLog(api.ctx.database.db, { level: 'Error', message: 'no customer' });
    const answer = await call(ADMIN, 'GET', 'log/all/');
    expect(answer.json()).toBe(await rowCount());
    const [withNone] = await api.ctx.database.db
      .select({ n: count() })
      .from(logs)
      .where(sql`${logs.customerId} is null`);
    expect(withNone?.n).toBeGreaterThan(0);
  });

  it('searches Message as "contains", case-insensitive, % and _ taken literally', async () => {
    await writeOperatorLog(api.ctx.database.db, { level: 'Warning', message: 'Queue 100% full' });
    await writeOperatorLog(api.ctx.database.db, { level: 'Warning', message: 'Queue 1000 full' });
    await writeOperatorLog(api.ctx.database.db, { level: 'Warning', message: 'slot a_b used' });
    await writeOperatorLog(api.ctx.database.db, { level: 'Warning', message: 'slot axb used' });
    const messages = async (text: string) =>
      (await page(`log/search/Message/${encodeURIComponent(text)}`)).map((e) => e.Message);
    expect(await messages('QUEUE 100%')).toEqual(['Queue 100% full']);
    expect(await messages('slot a_b')).toEqual(['slot a_b used']);
  });

  it('searches Level as equals, case-insensitive; another word finds nothing', async () => {
    const errors = await page('log/search/Level/eRRor');
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((e) => e.Level === 'Error')).toBe(true);
    expect(await page('log/search/Level/Err')).toEqual([]);
    const next = await page(`log/search/Level/error?after=${errors.at(-1)?.Id}`);
    expect(next.every((e) => e.Level === 'Error' && e.Id < (errors.at(-1)?.Id ?? 0))).toBe(true);
  });

  it('searches TimeStamp by a prefix as shown (UTC) or by the range the browser sends', async () => {
    await addAt('day before', '2024-01-04T23:59:59.999Z');
    await addAt('morning', '2024-01-05T09:15:00Z');
    await addAt('ten', '2024-01-05T10:00:00Z');
    await addAt('ten past', '2024-01-05T10:10:07Z');
    await addAt('evening', '2024-01-05T23:59:59Z');
    await addAt('day after', '2024-01-06T00:00:00Z');
    const found = async (text: string) =>
      (await page(`log/search/TimeStamp/${encodeURIComponent(text)}`)).map((e) => e.Message);
    expect(await found('05-01-2024')).toEqual(['evening', 'ten past', 'ten', 'morning']);
    expect(await found('05-01-2024 10')).toEqual(['ten past', 'ten']);
    expect(await found('05-01-2024 10:10')).toEqual(['ten past']);
    expect(await found('05-01-2024 10:10:07')).toEqual(['ten past']);
    // What a browser at UTC+01:00 sends for '05-01-2024 10': 09:00 to 10:00 UTC.
    expect(await found('2024-01-05T09:00:00.000Z~2024-01-05T10:00:00.000Z')).toEqual(['morning']);
    for (const nothing of ['31-02-2024', '2024-01-05', '05-01-2024 24', 'abc'])
      expect(await found(nothing), nothing).toEqual([]);
  });
});
