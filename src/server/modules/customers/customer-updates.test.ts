import { describe, expect, it } from 'vitest';
import type { Customer } from '@shared/customers/customers';
import { ADMIN, customerId, useApiContext, USER, VIEWER } from '@server/test/api';
import { adminSnapshot, featureId, okJson, updateBodyOf } from '@server/test/admin';
import { OWN_MAIN_RESELLER } from './service';

const api = useApiContext();
const { call } = api;

const customer = async (email: string, name: string) =>
  okJson<Customer>(call(email, 'GET', `customers/${await customerId(api.ctx, name)}`));

describe('PUT customers/{id}', () => {
  it("a user saves its own customer (the account page) but not another tenant's", async () => {
    const atlas = await customer(USER, 'Atlas Freight');
    const saved = await okJson<Customer>(
      call(
        USER,
        'PUT',
        `customers/${atlas.Id}`,
        updateBodyOf(atlas, { name: 'Atlas Freight BV', RTDInterval: 30 }),
      ),
    );
    expect(saved).toMatchObject({
      Name: 'Atlas Freight BV',
      RTDInterval: 30,
      Features: ['Tacho Download'],
    });
    await okJson(call(USER, 'PUT', `customers/${atlas.Id}`, updateBodyOf(atlas)));
    const hansen = await customer(ADMIN, 'Hansen Transport');
    expect(
      (await call(USER, 'PUT', `customers/${hansen.Id}`, updateBodyOf(hansen))).statusCode,
    ).toBe(404);
    expect(
      (await call(VIEWER, 'PUT', `customers/${atlas.Id}`, updateBodyOf(atlas))).statusCode,
    ).toBe(403);
  });

  it('a non-admin keeps the reseller settings and adds no feature of its own customer lacks', async () => {
    const atlas = await customer(USER, 'Atlas Freight');
    const hansen = await customerId(api.ctx, 'Hansen Transport');
    const installation = await featureId(api.ctx, 'Installation Test');
    const before = await adminSnapshot(api.ctx);
    const put = (extra: object) =>
      call(USER, 'PUT', `customers/${atlas.Id}`, updateBodyOf(atlas, extra));
    expect((await put({ isReseller: true })).statusCode).toBe(403);
    expect((await put({ resellerId: hansen })).statusCode).toBe(404);
    expect((await put({ features: [...atlas.FeatureIds, installation] })).statusCode).toBe(403);
    expect(await adminSnapshot(api.ctx)).toEqual(before);
    // Removing one of its features is fine.
    expect((await okJson<Customer>(put({ features: [] }))).Features).toEqual([]);
    await okJson(call(ADMIN, 'PUT', `customers/${atlas.Id}`, updateBodyOf(atlas)));
  });

  it('keeps the reseller tree a tree', async () => {
    const nordtrack = await customer(ADMIN, 'NordTrack Resellers');
    const vega = await customer(ADMIN, 'Vega Logistics');
    await okJson(
      call(ADMIN, 'PUT', `customers/${vega.Id}`, updateBodyOf(vega, { isReseller: true })),
    );
    const before = await adminSnapshot(api.ctx);
    for (const resellerId of [vega.Id, nordtrack.Id]) {
      const cycle = await call(
        ADMIN,
        'PUT',
        `customers/${nordtrack.Id}`,
        updateBodyOf(nordtrack, { resellerId }),
      );
      expect(cycle.json()).toEqual({ errors: { resellerId: OWN_MAIN_RESELLER } });
    }
    expect(await adminSnapshot(api.ctx)).toEqual(before);
    await okJson(call(ADMIN, 'PUT', `customers/${vega.Id}`, updateBodyOf(vega)));
  });

  it('answers bad input 400 with the update messages, and writes nothing', async () => {
    const atlas = await customer(ADMIN, 'Atlas Freight');
    const before = await adminSnapshot(api.ctx);
    const bad = await call(ADMIN, 'PUT', `customers/${atlas.Id}`, {
      name: 'a'.repeat(51),
      country: 'NL',
      RTDInterval: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      errors: {
        name: 'Must be 50 characters or less',
        isReseller: 'Reseller is required',
        features: 'Features are required',
        RTDInterval: 'Must be at least 2 days',
      },
    });
    const late = await call(
      ADMIN,
      'PUT',
      `customers/${atlas.Id}`,
      updateBodyOf(atlas, { RTDInterval: 60 }),
    );
    expect(late.json()).toEqual({ errors: { RTDInterval: 'Must be 59 days or less' } });
    expect(await adminSnapshot(api.ctx)).toEqual(before);
  });

  it('turning the integration off forgets its ids', async () => {
    const atlas = await customer(ADMIN, 'Atlas Freight');
    const off = await okJson<Customer>(
      call(ADMIN, 'PUT', `customers/${atlas.Id}`, updateBodyOf(atlas, { RTDIntegration: false })),
    );
    expect(off).toMatchObject({
      RTDIntegration: false,
      RTDIntegrationId: null,
      Integration: null,
      RTDIntCustId: null,
    });
    await okJson(call(ADMIN, 'PUT', `customers/${atlas.Id}`, updateBodyOf(atlas)));
  });

  it('sets the tacho request threshold (1 to 60 days); an update without it keeps it', async () => {
    const atlas = await customer(USER, 'Atlas Freight');
    expect(atlas.TachoRequestDays).toBe(7);
    const put = (extra: object) =>
      call(USER, 'PUT', `customers/${atlas.Id}`, updateBodyOf(atlas, extra));
    expect((await okJson<Customer>(put({ TachoRequestDays: 12 }))).TachoRequestDays).toBe(12);
    // updateBodyOf sends no threshold: the stored 12 stays.
    expect((await okJson<Customer>(put({}))).TachoRequestDays).toBe(12);
    const before = await adminSnapshot(api.ctx);
    const tooHigh = await put({ TachoRequestDays: 61 });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json()).toEqual({ errors: { TachoRequestDays: 'Must be 60 days or less' } });
    expect((await put({ TachoRequestDays: 0 })).json()).toEqual({
      errors: { TachoRequestDays: 'Must be at least 1 day' },
    });
    expect(await adminSnapshot(api.ctx)).toEqual(before);
    expect((await customer(USER, 'Atlas Freight')).TachoRequestDays).toBe(12);
    await okJson(
      call(USER, 'PUT', `customers/${atlas.Id}`, updateBodyOf(atlas, { TachoRequestDays: 7 })),
    );
  });
});
