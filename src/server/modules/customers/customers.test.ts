import { describe, expect, it } from 'vitest';
import type { Customer, RtdIntegration } from '@shared/customers/customers';
import { ADMIN, customerId, RESELLER, ROLES, useApiContext, USER, VIEWER } from '@server/test/api';
import {
  adminSnapshot,
  featureId,
  newCustomerBody,
  okJson,
  updateBodyOf,
} from '@server/test/admin';
import {
  MAIN_RESELLER_NOT_RESELLER,
  ONLY_ADMINS_SET_RESELLERS,
  ONLY_OWN_FEATURES,
} from './service';

const api = useApiContext();
const { call } = api;

const customer = async (email: string, name: string) =>
  okJson<Customer>(call(email, 'GET', `customers/${await customerId(api.ctx, name)}`));

describe('GET customers/, customers/{id}, customers/RTDIntegrations', () => {
  it('lists the active customers in scope with their main reseller and integration names', async () => {
    const all = await okJson<Customer[]>(call(ADMIN, 'GET', 'customers/'));
    const hansen = all.find((c) => c.Name === 'Hansen Transport');
    expect(hansen).toMatchObject({ Country: 'DE', ResellerName: 'NordTrack Resellers' });
    expect(all.find((c) => c.Name === 'Atlas Freight')).toMatchObject({
      RTDIntegration: true,
      Integration: 'TIS-Web',
      RTDIntCustId: 'AF-20417',
      Features: ['Tacho Download'],
      FeatureIds: [await featureId(api.ctx, 'Tacho Download')],
    });
    const ofReseller = await okJson<Customer[]>(call(RESELLER, 'GET', 'customers/'));
    expect(ofReseller.map((c) => c.Name)).toEqual([
      'Hansen Transport',
      'NordTrack Resellers',
      'Vega Logistics',
    ]);
  });

  it("answers a customer in scope; another tenant's or a missing one is 404", async () => {
    expect((await customer(VIEWER, 'Atlas Freight')).Name).toBe('Atlas Freight');
    const hansen = await customerId(api.ctx, 'Hansen Transport');
    expect((await call(RESELLER, 'GET', `customers/${hansen}`)).statusCode).toBe(200);
    expect((await call(USER, 'GET', `customers/${hansen}`)).statusCode).toBe(404);
    expect((await call(ADMIN, 'GET', 'customers/2147483647')).statusCode).toBe(404);
  });

  it('lists the integration types for every role', async () => {
    for (const email of ROLES) {
      const types = await okJson<RtdIntegration[]>(call(email, 'GET', 'customers/RTDIntegrations'));
      expect(types.map((t) => t.Name)).toEqual(['Optac', 'Tachomaster', 'TachoWeb', 'TIS-Web']);
    }
  });
});

describe('POST customers/', () => {
  it('admins create anywhere, resellers too, with features and an integration', async () => {
    const nordtrack = await customerId(api.ctx, 'NordTrack Resellers');
    const tacho = await featureId(api.ctx, 'Tacho Download');
    const created = await okJson<Customer>(
      call(
        ADMIN,
        'POST',
        'customers/',
        newCustomerBody('  Nord Sub Reseller ', {
          isReseller: true,
          resellerId: nordtrack,
          features: [tacho, tacho],
          RTDIntegration: true,
          RTDIntegrationId: 1,
          RTDIntCustId: 'NSR-1',
          Email: 'office@nsr.example',
        }),
      ),
    );
    expect(created).toMatchObject({
      Name: 'Nord Sub Reseller',
      IsReseller: true,
      Reseller: nordtrack,
      ResellerName: 'NordTrack Resellers',
      Features: ['Tacho Download'],
      RTDIntegrationId: 1,
      RTDIntCustId: 'NSR-1',
      Email: 'office@nsr.example',
      Start: '2025-02-01',
    });
    const listed = await okJson<Customer[]>(call(ADMIN, 'GET', 'customers/'));
    expect(listed.map((c) => c.Id)).toContain(created.Id);
  });

  it('a reseller creates under itself, whatever it sends as main reseller', async () => {
    const nordtrack = await customerId(api.ctx, 'NordTrack Resellers');
    for (const resellerId of [null, nordtrack]) {
      const created = await okJson<Customer>(
        call(
          RESELLER,
          'POST',
          'customers/',
          newCustomerBody(`Fjord Freight ${resellerId}`, { resellerId }),
        ),
      );
      expect(created).toMatchObject({ Reseller: nordtrack, IsReseller: false });
      expect((await call(RESELLER, 'GET', `customers/${created.Id}`)).statusCode).toBe(200);
    }
  });

  it('only admins make resellers or pick the main reseller; a foreign one is 404', async () => {
    const before = await adminSnapshot(api.ctx);
    const hansen = await customerId(api.ctx, 'Hansen Transport');
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    const reseller = (body: object) =>
      call(RESELLER, 'POST', 'customers/', newCustomerBody('Nope Ltd', body));
    const asReseller = await reseller({ isReseller: true, resellerId: hansen });
    expect(asReseller.statusCode).toBe(403);
    expect(asReseller.json()).toEqual({ message: ONLY_ADMINS_SET_RESELLERS });
    expect((await reseller({ resellerId: hansen })).statusCode).toBe(403);
    expect((await reseller({ resellerId: atlas })).statusCode).toBe(404);
    expect((await call(USER, 'POST', 'customers/', newCustomerBody('Nope Ltd'))).statusCode).toBe(
      403,
    );
    expect((await call(VIEWER, 'POST', 'customers/', newCustomerBody('Nope Ltd'))).statusCode).toBe(
      403,
    );
    expect(await adminSnapshot(api.ctx)).toEqual(before);
  });

  it('a non-admin grants only features its own customer has', async () => {
    const installation = await featureId(api.ctx, 'Installation Test');
    const before = await adminSnapshot(api.ctx);
    const denied = await call(
      RESELLER,
      'POST',
      'customers/',
      newCustomerBody('Feature Grab', {
        features: [installation],
      }),
    );
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ message: ONLY_OWN_FEATURES });
    expect(await adminSnapshot(api.ctx)).toEqual(before);

    // Once NordTrack has the feature, its reseller may pass it on.
    const nordtrack = await customer(ADMIN, 'NordTrack Resellers');
    await okJson(
      call(
        ADMIN,
        'PUT',
        `customers/${nordtrack.Id}`,
        updateBodyOf(nordtrack, { features: [installation] }),
      ),
    );
    const granted = await okJson<Customer>(
      call(
        RESELLER,
        'POST',
        'customers/',
        newCustomerBody('Feature Pass', {
          features: [installation],
        }),
      ),
    );
    expect(granted.Features).toEqual(['Installation Test']);
  });

  it('answers bad input 400 with the spec messages, and writes nothing', async () => {
    const before = await adminSnapshot(api.ctx);
    const bad = await call(ADMIN, 'POST', 'customers/', {
      name: 'ab',
      country: 'Holland',
      RTDInterval: 61,
      RTDIntegration: true,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      errors: {
        name: 'Must be at least 3 characters',
        country: 'Invalid Country',
        start: 'Start date is required',
        RTDInterval: 'Must be 60 days or less',
        RTDIntegrationId: 'Rtd Integration Id is required',
        RTDIntCustId: 'Rtd Integration customer Id is required',
      },
    });
    const long = await call(ADMIN, 'POST', 'customers/', newCustomerBody('a'.repeat(26)));
    expect(long.json()).toEqual({ errors: { name: 'Must be 25 characters or less' } });
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    const notReseller = await call(
      ADMIN,
      'POST',
      'customers/',
      newCustomerBody('Under Atlas', { resellerId: atlas }),
    );
    expect(notReseller.json()).toEqual({ errors: { resellerId: MAIN_RESELLER_NOT_RESELLER } });
    const unknownFeature = await call(
      ADMIN,
      'POST',
      'customers/',
      newCustomerBody('Odd Features', { features: [2147483647] }),
    );
    expect(unknownFeature.statusCode).toBe(400);
    const unknownType = await call(
      ADMIN,
      'POST',
      'customers/',
      newCustomerBody('Odd Integration', {
        RTDIntegration: true,
        RTDIntegrationId: 2147483647,
        RTDIntCustId: 'X',
      }),
    );
    expect(unknownType.json()).toEqual({
      errors: { RTDIntegrationId: 'Choose an integration type' },
    });
    expect(await adminSnapshot(api.ctx)).toEqual(before);
  });
});
