import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ENDPOINT_NOT_FOUND, type Endpoint } from '@shared/forwards/endpoints';
import { UUID_MESSAGE } from '@shared/api/ids';
import { DEFAULT_ENDPOINT_ID } from '@server/seed/device-config';
import { endpoints } from '@server/db/schema';
import { ADMIN, RESELLER, USER, VIEWER } from '@server/test/api';
import { useEndpointsApi } from '@server/test/endpoints';

const { api, customers, ok, devicesOf, ownEndpoint } = useEndpointsApi();

describe('the endpoints list', () => {
  it('gives each caller the shared endpoints and its own, Devices counted in its scope', async () => {
    const mine = await ok<Endpoint[]>(USER, 'endpoints/');
    expect(mine.map((e) => e.Name).sort()).toEqual([
      'Atlas Freight HTTP',
      'Atlas Freight TCP',
      'Fleet Portal ingest',
    ]);
    // Every demo device starts on the shared ingest endpoint (slot 0).
    const ingest = (list: Endpoint[]) => list.find((e) => e.Id === DEFAULT_ENDPOINT_ID);
    expect(ingest(mine)).toMatchObject({ CustomerId: null, Customer: null });
    expect(ingest(mine)?.Devices).toBe(await devicesOf(customers.atlas));
    expect(ingest(await ok<Endpoint[]>(ADMIN, 'endpoints/'))?.Devices).toBe(await devicesOf(null));
    expect(await ok<number>(USER, 'endpoints/all/')).toBe(3);
    expect(await ok<number>(VIEWER, 'endpoints/all/')).toBe(3);
    expect(await ok<number>(RESELLER, 'endpoints/all/')).toBe(7);
  });

  it('searches Name and URL, within a customer and the shared ones', async () => {
    const tcp = await ok<Endpoint[]>(RESELLER, 'endpoints/search/URL/tcp%3A');
    expect(tcp.length).toBe(3);
    expect(tcp.every((e) => e.Protocol === 3 && e.URL.startsWith('tcp://'))).toBe(true);
    const ofNordtrack = await ok<Endpoint[]>(ADMIN, `endpoints/customer/${customers.nordtrack}`);
    expect(ofNordtrack.map((e) => e.CustomerId ?? 0).sort()).toEqual([
      0,
      customers.nordtrack,
      customers.nordtrack,
    ]);
    expect(
      await ok<Endpoint[]>(ADMIN, `endpoints/search/Name/ingest/${customers.atlas}`),
    ).toHaveLength(1);
    expect(
      (await api.call(USER, 'GET', `endpoints/customer/${customers.nordtrack}`)).statusCode,
    ).toBe(404);
    expect((await api.call(USER, 'GET', 'endpoints/search/Protocol/http')).statusCode).toBe(400);
  });

  it('pages by uuid: 100 per page, continued after the last id, any case', async () => {
    await api.ctx.database.db.insert(endpoints).values(
      Array.from({ length: 120 }, (_, i) => ({
        customerId: customers.atlas,
        name: `Paged ${i}`,
        url: `https://paged${i}.example.com`,
        protocol: 1,
      })),
    );
    try {
      const first = await ok<Endpoint[]>(USER, 'endpoints/chunk/');
      expect(first).toHaveLength(100);
      const ids = first.map((e) => e.Id);
      expect([...ids].sort()).toEqual(ids);
      const last = ids.at(-1) ?? '';
      const next = await ok<Endpoint[]>(USER, `endpoints/chunk/${last.toUpperCase()}`);
      expect(next).toHaveLength(23);
      expect(next.every((e) => e.Id > last)).toBe(true);
      const ofAtlas = await ok<Endpoint[]>(
        USER,
        `endpoints/customer/${customers.atlas}?after=${last}`,
      );
      expect(ofAtlas.map((e) => e.Id)).toEqual(next.map((e) => e.Id));
      for (const bad of ['123', 'not-a-uuid', `${last}0`, `{${last}}`]) {
        const response = await api.call(USER, 'GET', `endpoints/chunk/${encodeURIComponent(bad)}`);
        expect(response.statusCode, bad).toBe(400);
        expect(response.json<{ errors: Record<string, string> }>().errors).toEqual({
          lastId: UUID_MESSAGE,
        });
      }
    } finally {
      await api.ctx.database.db.delete(endpoints).where(eq(endpoints.customerId, customers.atlas));
      await api.ctx.database.db.insert(endpoints).values([
        {
          customerId: customers.atlas,
          name: 'Atlas Freight HTTP',
          url: 'https://customers.atlas.example',
          protocol: 1,
        },
        {
          customerId: customers.atlas,
          name: 'Atlas Freight TCP',
          url: 'tcp://198.51.100.9:5001',
          protocol: 3,
        },
      ]);
    }
  });
});

describe('GET endpoints/{id}', () => {
  it("answers the caller's and shared endpoints; another tenant's and a missing one are 404", async () => {
    const own = await ownEndpoint(customers.atlas);
    expect((await ok<Endpoint>(VIEWER, `endpoints/${own.toUpperCase()}`)).Id).toBe(own);
    expect((await ok<Endpoint>(USER, `endpoints/${DEFAULT_ENDPOINT_ID}`)).Name).toBe(
      'Fleet Portal ingest',
    );
    for (const path of [`endpoints/${own}`, 'endpoints/ffffffff-ffff-ffff-ffff-ffffffffffff']) {
      const response = await api.call(RESELLER, 'GET', path);
      expect(response.statusCode).toBe(404);
      expect(response.json<{ message: string }>().message).toBe(ENDPOINT_NOT_FOUND);
    }
    const bad = await api.call(USER, 'GET', 'endpoints/12');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: Record<string, string> }>().errors).toEqual({ id: UUID_MESSAGE });
  });
});
