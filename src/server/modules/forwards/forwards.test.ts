import { eq, inArray, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as F from '@shared/forwards/forward-form';
import { FORWARD_PROTOCOL_IDS, MESSAGE_TYPE_IDS } from '@shared/forwards/forward-kinds';
import { SECRET_MASK, type Forward } from '@shared/forwards/forwards';
import { FORWARD_PAGE_SIZE } from '@shared/forwards/forwards-list';
import { createSecretBox } from '@server/auth/secret-box';
import { forwards, logs } from '@server/db/schema';
import { ADMIN, customerId, RESELLER, USER, useApiContext, VIEWER } from '@server/test/api';
import { forwardBody, REFUSED_TARGETS } from '@server/test/forwards';
import { TEST_SECRETS_KEY } from '@server/test/harness';
import { revealSecret } from '@server/auth/secret-box';
import {
  createTargetChecker,
  parseTargetAllowance,
  PUBLIC_TARGET_REQUIRED,
} from '@server/forwarding/targets';

// Forwards (issue 11 item 1): the list, create and every rule of spec 02 §5, tenancy.
const api = useApiContext({
  forwardTargets: createTargetChecker(parseTargetAllowance('10.9.0.0/16'), () =>
    Promise.resolve([]),
  ),
});
const box = createSecretBox(TEST_SECRETS_KEY);
const { RT, TD, TL } = MESSAGE_TYPE_IDS;
const HTTP = FORWARD_PROTOCOL_IDS['HTTP JSON'];
const MQTT = FORWARD_PROTOCOL_IDS.MQTT;
const WIALON = FORWARD_PROTOCOL_IDS['Wialon IPS'];

const list = async (email: string, path = 'forwards/') =>
  (await api.call(email, 'GET', path)).json<Forward[]>();

describe('the forwards list', () => {
  it('answers the first page at forwards/, counts at forwards/all/, searches Name, IP, Port', async () => {
    const all = await list(ADMIN);
    expect(all.length).toBeGreaterThan(3);
    expect(all.length).toBeLessThanOrEqual(FORWARD_PAGE_SIZE);
    expect(all.map((f) => f.Id)).toEqual([...all.map((f) => f.Id)].sort((a, b) => a - b));
    expect((await api.call(ADMIN, 'GET', 'forwards/all/')).json()).toBe(all.length);
    const first = all[0] as Forward;
    expect(await list(ADMIN, `forwards/chunk/${String(first.Id)}`)).toEqual(all.slice(1));
    const byName = await list(ADMIN, `forwards/search/Name/${encodeURIComponent(first.Name)}`);
    expect(byName.every((f) => f.Name.includes(first.Name))).toBe(true);
    expect(byName.map((f) => f.Id)).toContain(first.Id);
    const byPort = await list(ADMIN, `forwards/search/Port/${String(first.Port)}`);
    expect(byPort.every((f) => String(f.Port).includes(String(first.Port)))).toBe(true);
    expect((await list(ADMIN, 'forwards/search/IP/127.0.0.1')).length).toBe(all.length);
  });

  it("keeps each caller to its tree, and a customer's list to that customer", async () => {
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    const mine = await list(USER);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((f) => f.CustomerId === atlas)).toBe(true);
    expect(await list(USER, `forwards/customer/${String(atlas)}`)).toEqual(mine);
    const tree = await list(RESELLER);
    expect(tree.some((f) => f.CustomerId === atlas)).toBe(false);
    expect(tree.length).toBeGreaterThan(0);
    expect((await api.call(RESELLER, 'GET', `forwards/customer/${String(atlas)}`)).statusCode).toBe(
      404,
    );
    expect((await api.call(RESELLER, 'GET', `forwards/${String(mine[0]?.Id)}`)).statusCode).toBe(
      404,
    );
  });

  it('shows secrets masked to editors and not at all to Viewers, with the integration type', async () => {
    for (const forward of await list(VIEWER)) {
      expect([forward.Password, forward.API_KEY, forward.Auth]).toEqual([null, null, null]);
      expect(forward.IntegrationType).toBe(0);
    }
    const shown = (await list(USER)).flatMap((f) => [f.Password, f.API_KEY, f.Auth]);
    expect(shown.every((s) => s === null || s === SECRET_MASK)).toBe(true);
    expect(shown).toContain(SECRET_MASK);
  });
});

describe('POST forwards/', () => {
  it('creates one forward per protocol, seals the secrets and logs who did it', async () => {
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    const response = await api.call(USER, 'POST', 'forwards/', {
      ...forwardBody(atlas, '  Twin feed  '),
      Protocols: [MQTT, HTTP],
    });
    expect(response.statusCode).toBe(200);
    const created = response.json<Forward[]>();
    expect(created.map((f) => [f.Name, f.Protocol, f.CustomerId])).toEqual([
      ['Twin feed', 'HTTP JSON', atlas],
      ['Twin feed', 'MQTT', atlas],
    ]);
    for (const forward of created) {
      expect(forward.MessageTypes.map((t) => t.MessageType)).toEqual(['TD', 'RT']);
      expect([forward.Password, forward.API_KEY, forward.Auth]).toEqual(Array(3).fill(SECRET_MASK));
      expect(forward.Amountdevices).toBe(0);
    }
    expect(response.body).not.toMatch(/pw-1|key-1|t-1/);
    const stored = await api.ctx.database.db
      .select()
      .from(forwards)
      .where(
        inArray(
          forwards.id,
          created.map((f) => f.Id),
        ),
      );
    for (const row of stored) {
      expect(box.isSealed(row.password ?? '')).toBe(true);
      expect([row.password, row.apiKey, row.auth].map((s) => revealSecret(box, s))).toEqual([
        'pw-1',
        'key-1',
        'Bearer t-1',
      ]);
    }
    const entries = await api.ctx.database.db
      .select({ message: logs.message, customerId: logs.customerId })
      .from(logs)
      .where(like(logs.message, "Forward 'Twin feed'%"));
    expect(entries.map((e) => e.message).sort()).toEqual([
      "Forward 'Twin feed' (HTTP JSON) created by user 3",
      "Forward 'Twin feed' (MQTT) created by user 3",
    ]);
    expect(entries.every((e) => e.customerId === atlas)).toBe(true);
  });

  it('answers 400 { errors } with every message of spec 02 §5 the API checks', async () => {
    const empty = await api.call(ADMIN, 'POST', 'forwards/', {});
    expect(empty.statusCode).toBe(400);
    // Username and the secrets are the Add Forward form's to require (decision 049).
    expect(empty.json()).toEqual({
      errors: {
        CustomerId: F.CUSTOMER_REQUIRED,
        Name: F.NAME_REQUIRED,
        IP: F.IP_REQUIRED,
        Port: F.PORT_REQUIRED,
        Status: F.STATUS_REQUIRED,
        MessageTypes: F.NO_MESSAGE_TYPES,
        Protocols: F.NO_PROTOCOLS,
      },
    });
    const wrong = await api.call(ADMIN, 'POST', 'forwards/', {
      ...forwardBody(0, 'ab'),
      Port: 'eighty',
      Username: 7,
      Password: 1234,
      Status: 2,
    });
    expect(wrong.json()).toEqual({
      errors: {
        CustomerId: F.NO_CUSTOMER_SELECTED,
        Name: F.NAME_TOO_SHORT,
        Port: F.PORT_NOT_A_NUMBER,
        Username: F.mustBeText('Username'),
        Password: F.mustBeText('Password'),
        Status: F.STATUS_INVALID,
      },
    });
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    const high = await api.call(ADMIN, 'POST', 'forwards/', {
      ...forwardBody(atlas, 'abc'),
      Port: 65536,
    });
    expect(high.json()).toEqual({ errors: { Port: F.PORT_TOO_HIGH } });
  });

  it.each([
    [[TD], [WIALON]],
    [
      [TL, RT],
      [HTTP, WIALON],
    ],
    [[TL], [FORWARD_PROTOCOL_IDS['Azure IoT hub']]],
  ])('refuses message types %j with protocols %j as not compatible', async (types, protocols) => {
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    const before = await api.ctx.database.db.$count(forwards);
    const response = await api.call(USER, 'POST', 'forwards/', {
      ...forwardBody(atlas, 'Mismatch'),
      MessageTypes: types,
      Protocols: protocols,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { Protocols: F.NOT_COMPATIBLE } });
    expect(await api.ctx.database.db.$count(forwards)).toBe(before);
  });

  it('lets Wialon IPS carry RT only', async () => {
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    const response = await api.call(USER, 'POST', 'forwards/', {
      ...forwardBody(atlas, 'Wialon feed'),
      MessageTypes: [RT],
      Protocols: [WIALON],
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a customer outside the tree (404), and Viewers (403)', async () => {
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    const hansen = await customerId(api.ctx, 'Hansen Transport');
    const foreign = await api.call(USER, 'POST', 'forwards/', forwardBody(hansen, 'Elsewhere'));
    expect(foreign.statusCode).toBe(404);
    const missing = await api.call(USER, 'POST', 'forwards/', forwardBody(2147483647, 'Nowhere'));
    expect(missing.statusCode).toBe(404);
    expect(
      (await api.call(RESELLER, 'POST', 'forwards/', forwardBody(hansen, 'Sub feed'))).statusCode,
    ).toBe(200);
    expect(
      (await api.call(VIEWER, 'POST', 'forwards/', forwardBody(atlas, 'Nope'))).statusCode,
    ).toBe(403);
  });

  it('refuses targets that are not public, unless the operator allows them', async () => {
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    for (const ip of [
      '127.0.0.1',
      '10.0.0.7',
      '169.254.169.254',
      '::ffff:192.168.0.1',
      'localhost',
    ]) {
      const response = await api.call(USER, 'POST', 'forwards/', {
        ...forwardBody(atlas, 'Inside'),
        IP: ip,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ errors: { IP: string } }>().errors.IP).toMatch(/public address/);
    }
    const allowed = await api.call(USER, 'POST', 'forwards/', {
      ...forwardBody(atlas, 'Lab receiver'),
      IP: '10.9.0.4',
    });
    expect(allowed.statusCode).toBe(200);
    const [stored] = await api.ctx.database.db
      .select()
      .from(forwards)
      .where(eq(forwards.name, 'Inside'));
    expect(stored).toBeUndefined();
  });
  it.each(REFUSED_TARGETS)('refuses %s on IP: it is %s', async (address, why) => {
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    const response = await api.call(USER, 'POST', 'forwards/', {
      ...forwardBody(atlas, 'Special'),
      IP: address,
    });
    expect(response.statusCode).toBe(400);
    const { IP } = response.json<{ errors: { IP: string } }>().errors;
    const prefix = `${PUBLIC_TARGET_REQUIRED}: ${address} is `;
    expect(IP.startsWith(prefix), IP).toBe(true);
    expect(IP.slice(prefix.length)).toMatch(why);
  });
});
