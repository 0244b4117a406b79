import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfigurationGroup, Customer } from '@shared/customers/customers';
import type { Endpoint, SettingsProfile } from '@shared/forwards/endpoints';
import type { Forward, ForwardProtocol, MessageTypeEntry } from '@shared/forwards/forwards';
import type { CanConfig, Firmware, FirmwareFlag } from '@shared/libraries/libraries';
import { STANDARD_PROFILE_ID } from '@server/seed/device-config';
import { ADMIN, apiCaller, customerId, RESELLER, ROLES, USER, VIEWER } from '@server/test/api';
import { createTestContext, type TestContext } from '@server/test/harness';

let ctx: TestContext;
let call: ReturnType<typeof apiCaller>;
beforeAll(async () => {
  ctx = await createTestContext();
  call = apiCaller(ctx);
});
afterAll(() => ctx.close());

const json = async <T>(email: string, path: string): Promise<T> => {
  const response = await call(email, 'GET', path);
  expect(response.statusCode, `${email} GET ${path}: ${response.body}`).toBe(200);
  return response.json<T>();
};
const RESELLER_CUSTOMERS = ['Hansen Transport', 'NordTrack Resellers', 'Vega Logistics'];

describe('GET customers/', () => {
  it('lists the customers in scope for the selectors', async () => {
    expect((await json<Customer[]>(ADMIN, 'customers/')).length).toBe(6);
    expect((await json<Customer[]>(RESELLER, 'customers/')).map((c) => c.Name)).toEqual(
      RESELLER_CUSTOMERS,
    );
    const [atlas] = await json<Customer[]>(VIEWER, 'customers/');
    expect(atlas).toMatchObject({
      Name: 'Atlas Freight',
      Features: ['Tacho Download'],
      IsReseller: false,
    });
  });
});

describe('GET configurationgroups/, configurationgroups/customer/{id}', () => {
  it('lists shared groups plus the scope’s own', async () => {
    const names = (await json<ConfigurationGroup[]>(USER, 'configurationgroups/')).map(
      (g) => g.Name,
    );
    expect(names.sort()).toEqual(['Atlas Freight standard', 'Default', 'Long haul']);
    const hansen = await customerId(ctx, 'Hansen Transport');
    const ofHansen = await json<ConfigurationGroup[]>(
      RESELLER,
      `configurationgroups/customer/${hansen}`,
    );
    expect(ofHansen.map((g) => g.Name).sort()).toEqual([
      'Default',
      'Hansen Transport standard',
      'Long haul',
    ]);
    expect((await call(USER, 'GET', `configurationgroups/customer/${hansen}`)).statusCode).toBe(
      404,
    );
  });
});

describe('GET settingsProfiles/, settingsProfiles/customer/{id}', () => {
  it('lists shared profiles with their settings spread, plus the scope’s own', async () => {
    const shared = await json<SettingsProfile[]>(USER, 'settingsProfiles/');
    expect(shared.map((p) => p.Id)).toEqual([STANDARD_PROFILE_ID]);
    expect(shared[0]).toMatchObject({
      Name: 'Standard tracking',
      applicationVersion: 0,
      iButton: 'False',
      timedMessageInterval: 120,
    });
    expect(shared[0]?.message0).toMatchObject({ TIME: 3, SOT: 35, protocol: 1 });
    expect((await json<SettingsProfile[]>(RESELLER, 'settingsProfiles/')).length).toBe(2);
    const nordtrack = await customerId(ctx, 'NordTrack Resellers');
    expect(
      (await json<SettingsProfile[]>(ADMIN, `settingsProfiles/customer/${nordtrack}`)).length,
    ).toBe(2);
    expect((await call(USER, 'GET', `settingsProfiles/customer/${nordtrack}`)).statusCode).toBe(
      404,
    );
  });
});

describe('GET endpoints/, endpoints/customer/{id}', () => {
  it('lists the shared ingest endpoint plus HTTP and TCP endpoints per customer in scope', async () => {
    const byName = (list: Endpoint[]) => [...list].sort((a, b) => a.Name.localeCompare(b.Name));
    const mine = byName(await json<Endpoint[]>(USER, 'endpoints/'));
    expect(mine.map((e) => [e.Name, e.Protocol])).toEqual([
      ['Atlas Freight HTTP', 1],
      ['Atlas Freight TCP', 3],
      ['Fleet Portal ingest', 1],
    ]);
    const atlas = await customerId(ctx, 'Atlas Freight');
    expect(byName(await json<Endpoint[]>(USER, `endpoints/customer/${atlas}`))).toEqual(mine);
    expect((await call(RESELLER, 'GET', `endpoints/customer/${atlas}`)).statusCode).toBe(404);
  });
});

describe('GET forwards/, forwards/{id}, forwards/protocols, forwards/messagetypes', () => {
  it('lists forwards in scope with message types and protocols; another tenant’s is 404', async () => {
    const mine = await json<Forward[]>(RESELLER, 'forwards/');
    expect(new Set(mine.map((f) => f.Customer))).toEqual(
      new Set(mine.map((f) => f.Customer).filter((c) => c && RESELLER_CUSTOMERS.includes(c))),
    );
    expect(mine[0]?.MessageTypes.length).toBeGreaterThan(0);
    expect(mine[0]?.Protocols).toEqual([
      { ProtocolId: expect.any(Number) as number, Protocol: mine[0]?.Protocol },
    ]);
    expect(await json<Forward>(RESELLER, `forwards/${mine[0]?.Id ?? 0}`)).toEqual(mine[0]);
    expect((await call(USER, 'GET', `forwards/${mine[0]?.Id ?? 0}`)).statusCode).toBe(404);
    const all = await json<Forward[]>(ADMIN, 'forwards/');
    expect(all.reduce((n, f) => n + f.Amountdevices, 0)).toBeGreaterThan(0);
  });

  it('lists the protocol and message-type lookups', async () => {
    expect(
      (await json<ForwardProtocol[]>(VIEWER, 'forwards/protocols')).map((p) => p.Protocol),
    ).toContain('MQTT');
    expect(
      (await json<MessageTypeEntry[]>(VIEWER, 'forwards/messagetypes')).map((t) => t.MessageType),
    ).toEqual(['TD', 'RT', 'TC', 'TL']);
  });
});

describe('GET canconfig/, canconfig/active/', () => {
  it('lists the CAN library, active entries only on request', async () => {
    const all = await json<CanConfig[]>(USER, 'canconfig/');
    const active = await json<CanConfig[]>(USER, 'canconfig/active/');
    expect(all.some((c) => !c.Active)).toBe(true);
    expect(active.every((c) => c.Active)).toBe(true);
    expect(new Set(all.map((c) => c.DeviceType))).toEqual(new Set([1, 2, 4]));
    expect(active.length).toBeLessThan(all.length);
  });
});

describe('GET AddonBoardFW/, AddonBoardFW/flags/, AddonBoardFW/active/', () => {
  it('lists booter and application firmware per device type and the flags', async () => {
    const all = await json<Firmware[]>(USER, 'AddonBoardFW/');
    for (const type of [1, 2, 4])
      expect(new Set(all.filter((f) => f.DeviceType === type).map((f) => f.FirmwareFlag))).toEqual(
        new Set([1, 2]),
      );
    expect((await json<Firmware[]>(USER, 'AddonBoardFW/active/')).every((f) => f.Active)).toBe(
      true,
    );
    expect(await json<FirmwareFlag[]>(USER, 'AddonBoardFW/flags/')).toEqual([
      { Id: 1, Flag: 'Booter' },
      { Id: 2, Flag: 'Application' },
    ]);
  });
});

describe('lookups need a signed-in caller', () => {
  it.each([
    'customers/',
    'configurationgroups/',
    'settingsProfiles/',
    'endpoints/',
    'forwards/',
    'canconfig/',
    'AddonBoardFW/',
  ])('%s: 401 without a token, 200 for every role', async (path) => {
    expect((await ctx.app.inject({ url: `/api/${path}` })).statusCode).toBe(401);
    for (const email of ROLES) expect((await call(email, 'GET', path)).statusCode).toBe(200);
  });
});
