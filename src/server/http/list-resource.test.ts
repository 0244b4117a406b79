import { describe, expect, it } from 'vitest';
import { DEVICE_PAGE_SIZE, DEVICE_SEARCH_FILTERS, type Device } from '@shared/devices/devices';
import { listPaths } from '@shared/api/list-resource';
import { ADMIN, customerId, RESELLER, USER, useApiContext } from '@server/test/api';
import { operationsOf, readOpenApi } from '@server/test/fuzz/operations';

/**
 * The list resource's routes, through their first user, the devices list (`devices/…`): the
 * shape of spec 02 §7 as `listPaths` builds its paths for the client.
 */
const api = useApiContext();
const paths = listPaths('devices');

async function get<T>(email: string, path: string): Promise<T> {
  const response = await api.call(email, 'GET', path);
  expect(response.statusCode, `${email} GET ${path}: ${response.body}`).toBe(200);
  return response.json<T>();
}

/** Every page after the first, by chunk/{lastId} or `after`, like the client's infinite list. */
async function follow(email: string, first: string, next: (lastId: number) => string) {
  const seen: Device[] = [];
  let page = await get<Device[]>(email, first);
  for (;;) {
    expect(page.length).toBeLessThanOrEqual(DEVICE_PAGE_SIZE);
    seen.push(...page);
    if (page.length < DEVICE_PAGE_SIZE) return seen;
    page = await get<Device[]>(email, next(page.at(-1)?.Id ?? 0));
  }
}

describe('the list resource (devices)', () => {
  it('pages by id without gaps or repeats; the count matches; chunk/ is the first page', async () => {
    for (const email of [ADMIN, RESELLER]) {
      const all = await follow(email, paths.first, (lastId) => paths.chunk(lastId));
      const ids = all.map((d) => d.Id);
      expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
      expect(await get<number>(email, paths.count)).toBe(all.length);
      expect(await get<Device[]>(email, paths.chunk())).toEqual(all.slice(0, DEVICE_PAGE_SIZE));
    }
  });

  it("continues a customer's list and a search with ?after", async () => {
    const hansen = await customerId(api.ctx, 'Hansen Transport');
    const ofHansen = await follow(RESELLER, paths.ofCustomer(hansen), (after) =>
      paths.ofCustomer(hansen, after),
    );
    expect(ofHansen.length).toBeGreaterThan(0);
    expect(ofHansen.every((d) => d.CustomerId === hansen)).toBe(true);
    const found = await follow(ADMIN, paths.search('IMEI', '0'), (after) =>
      paths.search('IMEI', '0', null, after),
    );
    expect(found.length).toBeGreaterThan(DEVICE_PAGE_SIZE);
    expect(found.every((d) => d.IMEI.includes('0'))).toBe(true);
  });

  it('searches on every field the resource lists, and on no other (400)', async () => {
    for (const filter of DEVICE_SEARCH_FILTERS) {
      const response = await api.call(ADMIN, 'GET', paths.search(filter, 'a'));
      expect(response.statusCode, filter).toBe(200);
    }
    const unknown = await api.call(ADMIN, 'GET', paths.search('Colour', 'red'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      errors: { filter: `Filter must be one of ${DEVICE_SEARCH_FILTERS.join(', ')}` },
    });
  });

  it("answers another tenant's or a missing customer 404, and 'null' as no customer", async () => {
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    for (const path of [paths.ofCustomer(atlas), paths.search('IMEI', '0', atlas)]) {
      expect((await api.call(RESELLER, 'GET', path)).statusCode, path).toBe(404);
    }
    for (const path of [paths.ofCustomer(999_999), paths.search('IMEI', '0', 999_999)]) {
      expect((await api.call(ADMIN, 'GET', path)).statusCode, path).toBe(404);
    }
    // The spec's client omits a 'null' segment (listPaths does); the server takes it too.
    expect(paths.search('IMEI', '0', null)).toBe('devices/search/IMEI/0');
    expect(await get(USER, 'devices/search/IMEI/0/null')).toEqual(
      await get(USER, paths.search('IMEI', '0')),
    );
  });

  it('refuses cursors and customer ids beyond their column (400)', async () => {
    for (const path of [
      paths.chunk('2147483648'),
      paths.ofCustomer(1, '2147483648'),
      paths.search('IMEI', '0', null, '0'),
      paths.ofCustomer('x'),
    ]) {
      expect((await api.call(ADMIN, 'GET', path)).statusCode, path).toBe(400);
    }
  });

  it('documents every route with its answer and its rule', async () => {
    const routes = operationsOf(await readOpenApi(api.ctx.app)).filter(
      (op) =>
        /^\/api\/devices(\/chunk|\/all|\/search\/|\/customer\/\{|$)/.test(op.path) &&
        op.method === 'GET',
    );
    expect(routes.map((op) => op.path).sort()).toEqual([
      '/api/devices',
      '/api/devices/all',
      '/api/devices/chunk',
      '/api/devices/chunk/{lastId}',
      '/api/devices/customer/{customerId}',
      '/api/devices/search/{filter}/{text}',
      '/api/devices/search/{filter}/{text}/{customer}',
    ]);
    expect(routes.every((op) => op.access === 'devices.read')).toBe(true);
    const document = (await readOpenApi(api.ctx.app)) as unknown as {
      paths: Record<string, { get: { responses: Record<string, { content?: unknown }> } }>;
    };
    for (const op of routes)
      expect(document.paths[op.path]?.get.responses['200']?.content, op.path).toBeDefined();
  });
});
