import { describe, expect, it } from 'vitest';
import { NAME_TAKEN, NAME_REQUIRED, type NamedEntity } from '@shared/access/names';
import { ADMIN, RESELLER, ROLES, useApiContext, USER } from '@server/test/api';
import { adminSnapshot, featureId } from '@server/test/admin';
import { featureInUse } from './repository';

const api = useApiContext();
const { call } = api;

describe('features/', () => {
  it('lists the features with the number of customers of each, for every role', async () => {
    for (const email of ROLES) {
      const features = (await call(email, 'GET', 'features/')).json<NamedEntity[]>();
      expect(features.map((f) => [f.Name, f.UsedBy])).toEqual([
        ['Installation Test', 1],
        ['RTD Integration', 0],
        ['Tacho Download', 4],
      ]);
    }
  });

  it('admins create a feature; a taken or empty name is 400; others 403', async () => {
    const created = await call(ADMIN, 'POST', 'features/', { name: 'Fuel_Reports 2' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ Name: 'Fuel_Reports 2', UsedBy: 0 });
    const before = await adminSnapshot(api.ctx);
    const taken = await call(ADMIN, 'POST', 'features/', { name: 'TACHO download' });
    expect(taken.json()).toEqual({ errors: { name: NAME_TAKEN.feature } });
    expect((await call(ADMIN, 'POST', 'features/', { name: '#$%' })).json()).toEqual({
      errors: { name: NAME_REQUIRED },
    });
    expect((await call(RESELLER, 'POST', 'features/', { name: 'Mine' })).statusCode).toBe(403);
    expect(await adminSnapshot(api.ctx)).toEqual(before);
  });

  it('removes an unused feature; one a customer has is 400', async () => {
    const tacho = await featureId(api.ctx, 'Tacho Download');
    const before = await adminSnapshot(api.ctx);
    const inUse = await call(ADMIN, 'DELETE', `features/${tacho}`);
    expect(inUse.statusCode).toBe(400);
    expect(inUse.json()).toEqual({ message: featureInUse(4) });
    const unused = await featureId(api.ctx, 'RTD Integration');
    expect((await call(USER, 'DELETE', `features/${unused}`)).statusCode).toBe(403);
    expect(await adminSnapshot(api.ctx)).toEqual(before);
    const removed = await call(ADMIN, 'DELETE', `features/${unused}`);
    expect(removed.json()).toMatchObject({ Id: unused, Name: 'RTD Integration' });
    expect((await call(ADMIN, 'DELETE', `features/${unused}`)).statusCode).toBe(404);
  });
});
