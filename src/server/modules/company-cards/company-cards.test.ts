import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as C from '@shared/tacho/company-cards';
import { authServers, companyCardDevices, companyCards, logs } from '@server/db/schema';
import {
  ADMIN,
  customerId,
  deviceOf,
  RESELLER,
  USER,
  useApiContext,
  VIEWER,
} from '@server/test/api';

// Company cards (issue 12 item 6): lists, create, change with Devices, remove, the in-use rule.
const api = useApiContext();
const db = () => api.ctx.database.db;

type Errors = { errors: Record<string, string> };

const cardsOf = async (email: string, customer: string) =>
  (
    await api.call(
      email,
      'GET',
      `companycards/customer/${String(await customerId(api.ctx, customer))}`,
    )
  ).json<C.CompanyCard[]>();

const serverOf = async (customer: string) => {
  const [row] = await db()
    .select()
    .from(authServers)
    .where(eq(authServers.customerId, await customerId(api.ctx, customer)));
  if (!row) throw new Error(`no auth server of ${customer}`);
  return row.id;
};

const bodyOf = (card: C.CompanyCard) => ({
  CardNumber: card.CardNumber,
  CompanyName: card.CompanyName,
  ValidUntil: card.ValidUntil.slice(0, 10),
  CustomerId: card.CustomerId,
  AuthServerId: card.AuthServerId,
  Devices: card.Devices,
});

const served = async (cardId: number) =>
  (await db().select().from(companyCardDevices).where(eq(companyCardDevices.cardId, cardId)))
    .length;

describe('GET companycards/ and companycards/customer/{id}', () => {
  it("answers the caller's tree's cards with their server and devices", async () => {
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    const mine = (await api.call(USER, 'GET', 'companycards/')).json<C.CompanyCard[]>();
    expect(mine).toHaveLength(2);
    expect(mine.every((c) => c.CustomerId === atlas && c.Customer === 'Atlas Freight')).toBe(true);
    expect(mine[0]?.Devices.length).toBeGreaterThan(0);
    expect(mine[1]?.Devices).toEqual([]);
    expect(mine[0]?.AuthServer).toMatch(/RDL server/);
    expect(await cardsOf(VIEWER, 'Atlas Freight')).toEqual(mine);
    const tree = (await api.call(RESELLER, 'GET', 'companycards/')).json<C.CompanyCard[]>();
    expect(new Set(tree.map((c) => c.Customer))).toEqual(
      new Set(['NordTrack Resellers', 'Hansen Transport']),
    );
    const all = (await api.call(ADMIN, 'GET', 'companycards/')).json<C.CompanyCard[]>();
    expect(all.length).toBeGreaterThan(tree.length);
  });

  it("answers 404 for another tenant's customer, 403 without the feature", async () => {
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    expect(
      (await api.call(RESELLER, 'GET', `companycards/customer/${String(atlas)}`)).statusCode,
    ).toBe(404);
    expect((await api.call(USER, 'GET', 'companycards/customer/999999')).statusCode).toBe(404);
    const response = await api.ctx.app.inject({
      method: 'GET',
      url: '/api/companycards/',
      headers: await api.ctx.authHeader('fleet@bluelinebuses.example'),
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('PUT companycards/{id}', () => {
  it('changes the fields and the devices served; logged', async () => {
    const [card] = await cardsOf(USER, 'Atlas Freight');
    if (!card) throw new Error('no card');
    const devices = [
      (await deviceOf(api.ctx, 'Atlas Freight', 7)).imei,
      (await deviceOf(api.ctx, 'Atlas Freight', 8)).imei,
    ];
    const response = await api.call(USER, 'PUT', `companycards/${String(card.Id)}`, {
      ...bodyOf(card),
      CardNumber: ' c01000999999990 ',
      CompanyName: 'Atlas Freight BV',
      ValidUntil: '2031-06-30',
      Devices: [...devices, devices[0]],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      Id: card.Id,
      CardNumber: 'C01000999999990',
      CompanyName: 'Atlas Freight BV',
      ValidUntil: '2031-06-30T00:00:00.000Z',
      Devices: [...devices].sort(),
    });
    expect(await served(card.Id)).toBe(2);
    const entries = await db()
      .select()
      .from(logs)
      .where(like(logs.message, `Company card ${String(card.Id)} of 'Atlas Freight BV' updated%`));
    expect(entries).toHaveLength(1);
    // Devices left out keeps the list.
    const withoutDevices: Partial<ReturnType<typeof bodyOf>> = bodyOf(
      response.json<C.CompanyCard>(),
    );
    delete withoutDevices.Devices;
    expect(
      (await api.call(USER, 'PUT', `companycards/${String(card.Id)}`, withoutDevices)).statusCode,
    ).toBe(200);
    expect(await served(card.Id)).toBe(2);
  });

  it('requires every field (400 { errors }), writing nothing', async () => {
    const [card] = await cardsOf(USER, 'Atlas Freight');
    if (!card) throw new Error('no card');
    const response = await api.call(USER, 'PUT', `companycards/${String(card.Id)}`, {
      Devices: [],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<Errors>().errors).toEqual({
      CardNumber: C.CARD_NUMBER_REQUIRED,
      CompanyName: C.COMPANY_NAME_REQUIRED,
      ValidUntil: C.VALID_UNTIL_REQUIRED,
      CustomerId: C.CUSTOMER_REQUIRED,
      AuthServerId: C.AUTH_SERVER_REQUIRED,
    });
    const bad = await api.call(USER, 'PUT', `companycards/${String(card.Id)}`, {
      ...bodyOf(card),
      CardNumber: 'short',
      ValidUntil: '2031-02-30',
    });
    expect(bad.json<Errors>().errors).toEqual({
      CardNumber: C.CARD_NUMBER_INVALID,
      ValidUntil: C.VALID_UNTIL_INVALID,
    });
    expect(await cardsOf(USER, 'Atlas Freight')).toContainEqual(card);
  });

  it("refuses a device of another customer (400) and another tenant's device (404)", async () => {
    const [card] = await cardsOf(RESELLER, 'Hansen Transport');
    if (!card) throw new Error('no card');
    const before = await served(card.Id);
    const nordtrack = (await deviceOf(api.ctx, 'NordTrack Resellers')).imei;
    const other = await api.call(RESELLER, 'PUT', `companycards/${String(card.Id)}`, {
      ...bodyOf(card),
      Devices: [...card.Devices, nordtrack],
    });
    expect(other.statusCode).toBe(400);
    expect(other.json<Errors>().errors).toEqual({ Devices: C.notDevicesOfCustomer([nordtrack]) });
    const atlas = (await deviceOf(api.ctx, 'Atlas Freight')).imei;
    const foreign = await api.call(RESELLER, 'PUT', `companycards/${String(card.Id)}`, {
      ...bodyOf(card),
      Devices: [atlas],
    });
    expect(foreign.statusCode).toBe(404);
    const missing = await api.call(RESELLER, 'PUT', `companycards/${String(card.Id)}`, {
      ...bodyOf(card),
      Devices: ['999999999999999'],
    });
    expect(missing.statusCode).toBe(404);
    expect(await served(card.Id)).toBe(before);
  });

  it('changes the customer only while the card serves no device', async () => {
    const [inUse, free] = await cardsOf(RESELLER, 'Hansen Transport');
    if (!inUse || !free) throw new Error('no cards');
    expect(inUse.Devices.length).toBeGreaterThan(0);
    const nordtrack = await customerId(api.ctx, 'NordTrack Resellers');
    const server = await serverOf('NordTrack Resellers');
    const refused = await api.call(RESELLER, 'PUT', `companycards/${String(inUse.Id)}`, {
      ...bodyOf(inUse),
      CustomerId: nordtrack,
      AuthServerId: server,
      Devices: [],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<Errors>().errors).toEqual({ CustomerId: C.COMPANY_CARD_IN_USE });
    expect(await served(inUse.Id)).toBe(inUse.Devices.length);

    // The server must follow: Hansen's server for a NordTrack card is refused.
    const wrongServer = await api.call(RESELLER, 'PUT', `companycards/${String(free.Id)}`, {
      ...bodyOf(free),
      CustomerId: nordtrack,
    });
    expect(wrongServer.json<Errors>().errors).toEqual({
      AuthServerId: C.AUTH_SERVER_OF_OTHER_CUSTOMER,
    });
    const moved = await api.call(RESELLER, 'PUT', `companycards/${String(free.Id)}`, {
      ...bodyOf(free),
      CustomerId: nordtrack,
      AuthServerId: server,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ CustomerId: nordtrack, Customer: 'NordTrack Resellers' });
  });

  it("answers another tenant's card, customer and server like missing ones: 404", async () => {
    const [mine] = await cardsOf(USER, 'Atlas Freight');
    const [theirs] = await cardsOf(ADMIN, 'Hansen Transport');
    if (!mine || !theirs) throw new Error('no cards');
    expect(
      (await api.call(USER, 'PUT', `companycards/${String(theirs.Id)}`, bodyOf(theirs))).statusCode,
    ).toBe(404);
    expect((await api.call(USER, 'PUT', 'companycards/999999', bodyOf(mine))).statusCode).toBe(404);
    const foreignCustomer = await api.call(USER, 'PUT', `companycards/${String(mine.Id)}`, {
      ...bodyOf(mine),
      CustomerId: theirs.CustomerId,
    });
    expect(foreignCustomer.statusCode).toBe(404);
    const foreignServer = await api.call(USER, 'PUT', `companycards/${String(mine.Id)}`, {
      ...bodyOf(mine),
      AuthServerId: theirs.AuthServerId,
    });
    expect(foreignServer.statusCode).toBe(404);
    expect(
      (await api.call(VIEWER, 'PUT', `companycards/${String(mine.Id)}`, bodyOf(mine))).statusCode,
    ).toBe(403);
  });
});

describe('POST and DELETE companycards/', () => {
  it('creates and removes for admins only', async () => {
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    const body = {
      CardNumber: 'C01000555555550',
      CompanyName: 'Atlas Freight',
      ValidUntil: '2030-01-01',
      CustomerId: atlas,
      AuthServerId: await serverOf('Atlas Freight'),
      Devices: [(await deviceOf(api.ctx, 'Atlas Freight', 9)).imei],
    };
    expect((await api.call(USER, 'POST', 'companycards/', body)).statusCode).toBe(403);
    const response = await api.call(ADMIN, 'POST', 'companycards/', body);
    expect(response.statusCode).toBe(200);
    const card = response.json<C.CompanyCard>();
    expect(card).toMatchObject({ CardNumber: body.CardNumber, Devices: body.Devices });
    expect((await api.call(USER, 'DELETE', `companycards/${String(card.Id)}`)).statusCode).toBe(
      403,
    );
    expect((await api.call(ADMIN, 'DELETE', `companycards/${String(card.Id)}`)).statusCode).toBe(
      200,
    );
    const left = await db()
      .select()
      .from(companyCards)
      .where(and(eq(companyCards.id, card.Id)));
    expect(left).toEqual([]);
    expect(await served(card.Id)).toBe(0);
    expect((await api.call(ADMIN, 'DELETE', `companycards/${String(card.Id)}`)).statusCode).toBe(
      404,
    );
  });
});
