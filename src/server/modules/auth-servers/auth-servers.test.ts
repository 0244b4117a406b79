import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as A from '@shared/access/auth-servers';
import { SECRET_MASK } from '@shared/forwards/forwards';
import { createSecretBox } from '@server/auth/secret-box';
import { authServers, companyCards, logs } from '@server/db/schema';
import { ADMIN, customerId, RESELLER, USER, useApiContext, VIEWER } from '@server/test/api';
import { TEST_SECRETS_KEY } from '@server/test/harness';
import { revealSecret } from '@server/auth/secret-box';

// Authentication servers (issue 12 item 5): the list, create, update, remove, rules, tenancy.
const api = useApiContext();
const box = createSecretBox(TEST_SECRETS_KEY);

const body = (customer: number, name: string) => ({
  customerId: customer,
  name,
  ip: '203.0.113.99',
  devicePort: 10100,
  port: 8443,
  username: 'rdl-user',
  password: 'secret-1',
  status: 1,
});

const list = async (email: string, path = 'authservers/') =>
  (await api.call(email, 'GET', path)).json<A.AuthServer[]>();

const stored = async (id: number) => {
  const [row] = await api.ctx.database.db.select().from(authServers).where(eq(authServers.id, id));
  return row;
};

async function created(name: string, customer = 'Atlas Freight') {
  const response = await api.call(ADMIN, 'POST', 'authservers/', {
    ...body(await customerId(api.ctx, customer), name),
  });
  expect(response.statusCode).toBe(200);
  return response.json<A.AuthServer>();
}

describe('the authentication server list', () => {
  it('answers pages, the count, searches on Name, IP and Forward, a customer’s list', async () => {
    const all = await list(ADMIN);
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(all.map((s) => s.Id)).toEqual([...all.map((s) => s.Id)].sort((a, b) => a - b));
    expect((await api.call(ADMIN, 'GET', 'authservers/all/')).json()).toBe(all.length);
    const first = all[0] as A.AuthServer;
    expect(await list(ADMIN, `authservers/chunk/${String(first.Id)}`)).toEqual(all.slice(1));
    expect(
      (await list(ADMIN, `authservers/search/Name/${encodeURIComponent(first.Name)}`)).map(
        (s) => s.Id,
      ),
    ).toContain(first.Id);
    expect((await list(ADMIN, 'authservers/search/IP/203.0.113')).length).toBe(all.length);
    const byForward = await list(ADMIN, 'authservers/search/Forward/rdl1.tacho');
    expect(byForward.map((s) => s.Forward)).toEqual(['https://rdl1.tacho.example/api/files']);
    expect((await api.call(ADMIN, 'GET', 'authservers/search/Port/1')).statusCode).toBe(400);
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    const ofAtlas = await list(ADMIN, `authservers/customer/${String(atlas)}`);
    expect(ofAtlas.length).toBeGreaterThan(0);
    expect(ofAtlas.every((s) => s.CustomerId === atlas && s.Customer === 'Atlas Freight')).toBe(
      true,
    );
  });

  it('keeps each caller to its tree; another tenant’s customer is 404', async () => {
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    const mine = await list(USER);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((s) => s.CustomerId === atlas)).toBe(true);
    const tree = await list(RESELLER);
    expect(tree.length).toBeGreaterThanOrEqual(2);
    expect(tree.some((s) => s.CustomerId === atlas)).toBe(false);
    expect(
      (await api.call(RESELLER, 'GET', `authservers/customer/${String(atlas)}`)).statusCode,
    ).toBe(404);
  });

  it('never answers a password: the mask when set, null for Viewers', async () => {
    expect((await list(USER)).every((s) => s.Password === SECRET_MASK)).toBe(true);
    const viewer = await list(VIEWER);
    expect(viewer.length).toBeGreaterThan(0);
    expect(viewer.every((s) => s.Password === null)).toBe(true);
  });

  it('is refused to a customer without the Tacho Download feature', async () => {
    const response = await api.ctx.app.inject({
      method: 'GET',
      url: '/api/authservers/',
      headers: await api.ctx.authHeader('fleet@bluelinebuses.example'),
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('POST and PUT authservers/', () => {
  it('creates, answering the server; the password sealed at rest; logged', async () => {
    const server = await created('Atlas backup RDL');
    expect(server).toMatchObject({
      Name: 'Atlas backup RDL',
      IP: '203.0.113.99',
      DevicePort: 10100,
      Port: 8443,
      Username: 'rdl-user',
      Password: SECRET_MASK,
      Status: 1,
      Forward: null,
      Customer: 'Atlas Freight',
    });
    const row = await stored(server.Id);
    expect(row?.password).not.toContain('secret-1');
    expect(revealSecret(box, row?.password ?? null)).toBe('secret-1');
    const entries = await api.ctx.database.db
      .select()
      .from(logs)
      .where(like(logs.message, "Authentication server 'Atlas backup RDL' created%"));
    expect(entries).toHaveLength(1);
  });

  it('updates; a blank or masked password keeps the stored one, a typed one replaces it', async () => {
    const server = await created('Keeper RDL');
    const before = (await stored(server.Id))?.password;
    const put = (extra: object) =>
      api.call(ADMIN, 'PUT', `authservers/${String(server.Id)}`, {
        ...body(server.CustomerId ?? 0, 'Keeper RDL 2'),
        ...extra,
      });
    const response = await put({ password: '', status: 0, port: 9443 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ Name: 'Keeper RDL 2', Status: 0, Port: 9443 });
    expect((await stored(server.Id))?.password).toBe(before);
    expect((await put({ password: SECRET_MASK })).statusCode).toBe(200);
    expect((await stored(server.Id))?.password).toBe(before);
    expect((await put({ password: 'new-secret' })).statusCode).toBe(200);
    expect(revealSecret(box, (await stored(server.Id))?.password ?? null)).toBe('new-secret');
  });

  it('refuses bad input with 400 { errors } per field, writing nothing', async () => {
    const count = (await list(ADMIN)).length;
    const response = await api.call(ADMIN, 'POST', 'authservers/', {
      customerId: 0,
      name: 'ab',
      ip: 'not a host!',
      devicePort: 0,
      port: 'x',
      username: ' ',
      password: '',
      status: 3,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: Record<string, string> }>().errors).toEqual({
      customerId: A.CUSTOMER_REQUIRED,
      name: A.NAME_TOO_SHORT,
      ip: A.IP_INVALID,
      devicePort: A.PORT_OUT_OF_RANGE,
      port: A.PORT_NOT_A_NUMBER,
      username: A.USERNAME_REQUIRED,
      password: A.PASSWORD_REQUIRED,
      status: A.STATUS_INVALID,
    });
    const untyped = await api.call(ADMIN, 'POST', 'authservers/', {
      ...body(1, 'Untyped'),
      username: 12,
      password: 5,
      status: null,
    });
    expect(untyped.json<{ errors: Record<string, string> }>().errors).toEqual({
      username: A.mustBeText('Username'),
      password: A.mustBeText('Password'),
      status: A.STATUS_REQUIRED,
    });
    const high = await api.call(ADMIN, 'POST', 'authservers/', { ...body(1, 'High'), port: 65536 });
    expect(high.json<{ errors: Record<string, string> }>().errors).toEqual({
      port: A.PORT_OUT_OF_RANGE,
    });
    expect((await list(ADMIN)).length).toBe(count);
  });

  it('is for admins only: users 403, Viewers 403; an unknown customer 404', async () => {
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    for (const email of [USER, RESELLER, VIEWER])
      expect((await api.call(email, 'POST', 'authservers/', body(atlas, 'Nope'))).statusCode).toBe(
        403,
      );
    expect((await api.call(ADMIN, 'POST', 'authservers/', body(999999, 'Nope'))).statusCode).toBe(
      404,
    );
    expect(
      (await api.call(ADMIN, 'PUT', 'authservers/999999', body(atlas, 'Nope'))).statusCode,
    ).toBe(404);
  });

  it('keeps the customer while other customers’ cards use the server', async () => {
    const [card] = await api.ctx.database.db.select().from(companyCards).limit(1);
    if (!card) throw new Error('no demo card');
    const server = await stored(card.authServerId);
    const vega = await customerId(api.ctx, 'Vega Logistics');
    const response = await api.call(ADMIN, 'PUT', `authservers/${String(card.authServerId)}`, {
      ...body(vega, server?.name ?? 'x'),
      password: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: Record<string, string> }>().errors.customerId).toMatch(
      /company cards? of/,
    );
    expect((await stored(card.authServerId))?.customerId).toBe(server?.customerId);
  });
});

describe('DELETE authservers/{id}', () => {
  it('is refused with the count while company cards use it, nothing changed', async () => {
    const [card] = await api.ctx.database.db.select().from(companyCards).limit(1);
    if (!card) throw new Error('no demo card');
    const using = await api.ctx.database.db
      .select()
      .from(companyCards)
      .where(eq(companyCards.authServerId, card.authServerId));
    const response = await api.call(ADMIN, 'DELETE', `authservers/${String(card.authServerId)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: Record<string, string> }>().errors).toEqual({
      CompanyCards: A.authServerInUse(using.length),
    });
    expect(await stored(card.authServerId)).toBeDefined();
  });

  it('removes an unused one, answering it; then 404', async () => {
    const server = await created('Short-lived RDL');
    const response = await api.call(ADMIN, 'DELETE', `authservers/${String(server.Id)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<A.AuthServer>().Id).toBe(server.Id);
    expect(await stored(server.Id)).toBeUndefined();
    expect((await api.call(ADMIN, 'DELETE', `authservers/${String(server.Id)}`)).statusCode).toBe(
      404,
    );
    expect((await api.call(USER, 'DELETE', `authservers/${String(server.Id)}`)).statusCode).toBe(
      403,
    );
  });
});
