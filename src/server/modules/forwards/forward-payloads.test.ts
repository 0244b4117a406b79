import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FORWARD_PROTOCOL_IDS, MESSAGE_TYPE_IDS } from '@shared/forwards/forward-kinds';
import { SECRET_MASK, type Forward } from '@shared/forwards/forwards';
import { createSecretBox } from '@server/auth/secret-box';
import { forwards } from '@server/db/schema';
import { ADMIN, customerId, USER, useApiContext } from '@server/test/api';
import { operationsOf, readOpenApi, type JsonSchema } from '@server/test/fuzz/operations';
import { TEST_SECRETS_KEY } from '@server/test/harness';
import { accepted } from '@server/test/spec-payloads/support';
import { revealSecret } from '@server/auth/secret-box';
import { createTargetChecker, parseTargetAllowance } from '@server/forwarding/targets';

// Spec 02 §7 "POST forwards/ (form fields), PUT forwards/{id}" with the Forward's fields (§3),
// as the README runs it: FORWARD_TARGETS_ALLOWED=loopback for a receiver on this machine.
const api = useApiContext({
  forwardTargets: createTargetChecker(parseTargetAllowance('loopback'), () => Promise.resolve([])),
});
const box = createSecretBox(TEST_SECRETS_KEY);
const { RT, TD } = MESSAGE_TYPE_IDS;
const HTTP = FORWARD_PROTOCOL_IDS['HTTP JSON'];
const ok = <T>(email: string, method: 'POST' | 'PUT' | 'GET', path: string, body?: unknown) =>
  accepted<T>(api.call, email, method, path, body);

const stored = async (id: number) => {
  const [row] = await api.ctx.database.db.select().from(forwards).where(eq(forwards.id, id));
  if (!row) throw new Error(`no forward ${id}`);
  return row;
};
const secretsOf = async (id: number) => {
  const row = await stored(id);
  return [row.password, row.apiKey, row.auth].map((value) => revealSecret(box, value));
};

/** The Update Forward form's fields as a forward's answer gives them, unchanged. */
const formFieldsOf = (forward: Forward) => ({
  CustomerId: forward.CustomerId,
  Name: forward.Name,
  IP: forward.IP,
  Port: forward.Port,
  Username: forward.Username,
  Password: forward.Password,
  API_KEY: forward.API_KEY,
  Auth: forward.Auth,
  Status: forward.Status,
  MessageTypes: forward.MessageTypes.map((t) => t.MessageTypeId),
  Protocols: forward.Protocols.map((p) => p.ProtocolId),
});

describe('POST forwards/ with the form fields', () => {
  it('stores every field; the secrets are write-only (masked in every answer)', async () => {
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    const [created] = await ok<Forward[]>(USER, 'POST', 'forwards/', {
      CustomerId: atlas,
      Name: 'Atlas telematics hub',
      IP: '93.184.215.80',
      Port: 8443,
      Username: 'atlas-feed',
      Password: 'Feed-2025!',
      API_KEY: '7f3c9a1e5b2d4086',
      Auth: 'Bearer eyJhbGciOiJIUzI1NiJ9',
      Status: 1,
      MessageTypes: [RT, TD],
      Protocols: [HTTP],
    });
    if (!created) throw new Error('nothing created');
    expect(created).toMatchObject({
      Username: 'atlas-feed',
      Password: SECRET_MASK,
      API_KEY: SECRET_MASK,
      Auth: SECRET_MASK,
    });
    expect(JSON.stringify(await ok(USER, 'GET', `forwards/${created.Id}`))).not.toMatch(
      /Feed-2025|7f3c|eyJ/,
    );
    expect(await secretsOf(created.Id)).toEqual([
      'Feed-2025!',
      '7f3c9a1e5b2d4086',
      'Bearer eyJhbGciOiJIUzI1NiJ9',
    ]);
  });

  it('takes a forward without credentials: absent or null is none (the documented default)', async () => {
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    const fields = {
      CustomerId: atlas,
      IP: '93.184.215.81',
      Port: 443,
      Status: 1,
      MessageTypes: [RT],
      Protocols: [HTTP],
    };
    const [absent] = await ok<Forward[]>(USER, 'POST', 'forwards/', {
      ...fields,
      Name: 'Open feed',
    });
    const [nulls] = await ok<Forward[]>(USER, 'POST', 'forwards/', {
      ...fields,
      Name: 'Open feed 2',
      Username: null,
      Password: null,
      API_KEY: null,
      Auth: null,
    });
    for (const forward of [absent, nulls]) {
      expect(forward).toMatchObject({ Username: null, Password: null, API_KEY: null, Auth: null });
      expect(await secretsOf(forward?.Id ?? 0)).toEqual([null, null, null]);
    }
  });

  it('takes the message types and protocols as the lookups list them (spec 02 §3)', async () => {
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    const [created] = await ok<Forward[]>(USER, 'POST', 'forwards/', {
      CustomerId: atlas,
      Name: 'Lookup feed',
      IP: '93.184.215.82',
      Port: 8443,
      Status: 1,
      MessageTypes: [
        { MessageTypeId: RT, MessageType: 'RT' },
        { MessageTypeId: TD, MessageType: 'TD' },
      ],
      Protocols: [{ ProtocolId: HTTP, Protocol: 'HTTP JSON' }],
    });
    expect(created?.MessageTypes.map((t) => t.MessageTypeId).sort()).toEqual([RT, TD].sort());
    expect(created?.Protocol).toBe('HTTP JSON');
  });
});

/**
 * A forward stored without a username and with a password, as spec 02 §7's payload makes one
 * (and as the demo seeded them before decision 051): what Update Forward then sends back.
 */
const openForward = async (name: string) => {
  const [created] = await ok<Forward[]>(ADMIN, 'POST', 'forwards/', {
    CustomerId: await customerId(api.ctx, 'Atlas Freight'),
    Name: name,
    IP: '127.0.0.1',
    Port: 9100,
    Password: 'secret',
    Status: 1,
    MessageTypes: [RT],
    Protocols: [HTTP],
  });
  if (!created) throw new Error('nothing created');
  return ok<Forward>(ADMIN, 'GET', `forwards/${created.Id}`);
};

describe('PUT forwards/{id}', () => {
  it('saves a forward unchanged: Username null, secrets as answered (kept)', async () => {
    const open = await openForward('Open feed unchanged');
    expect(open).toMatchObject({ Username: null, Password: SECRET_MASK });
    const before = await stored(open.Id);
    const saved = await ok<Forward>(ADMIN, 'PUT', `forwards/${open.Id}`, formFieldsOf(open));
    expect(saved).toEqual(open);
    const after = await stored(open.Id);
    expect([after.username, after.password, after.apiKey, after.auth]).toEqual([
      null,
      before.password,
      before.apiKey,
      before.auth,
    ]);
  });

  it('saves a demo forward unchanged', async () => {
    const all = await ok<Forward[]>(ADMIN, 'GET', 'forwards/');
    const demo = all.find((f) => f.Password === SECRET_MASK && f.IntegrationType === 0);
    if (!demo) throw new Error('no demo forward with a password');
    expect(await ok<Forward>(ADMIN, 'PUT', `forwards/${demo.Id}`, formFieldsOf(demo))).toEqual(
      demo,
    );
  });

  it('saves the forward’s own answer back (the lookups’ shape of message types and protocols)', async () => {
    const open = await openForward('Open feed answer');
    expect(await ok<Forward>(ADMIN, 'PUT', `forwards/${open.Id}`, open)).toEqual(open);
  });

  it('keeps a secret that is not sent', async () => {
    const all = await ok<Forward[]>(ADMIN, 'GET', 'forwards/');
    const demo = all.find((f) => f.Password === SECRET_MASK && f.IntegrationType === 0);
    if (!demo) throw new Error('no demo forward with a password');
    const before = await secretsOf(demo.Id);
    const { CustomerId, Name, IP, Username, Status, MessageTypes, Protocols } = formFieldsOf(demo);
    const withoutSecrets = { CustomerId, Name, IP, Port: 5002, Username, Status, MessageTypes };
    await ok(ADMIN, 'PUT', `forwards/${demo.Id}`, { ...withoutSecrets, Protocols });
    expect(await secretsOf(demo.Id)).toEqual(before);
    expect((await stored(demo.Id)).port).toBe(5002);
  });

  it("the README's recipe: 'Ops feed 1' to the local receiver, IP 127.0.0.1, port 9100, HTTP JSON", async () => {
    const all = await ok<Forward[]>(ADMIN, 'GET', 'forwards/');
    const ops = all.find((f) => f.Name === 'Ops feed 1');
    if (!ops) throw new Error("no demo forward 'Ops feed 1'");
    const saved = await ok<Forward>(ADMIN, 'PUT', `forwards/${ops.Id}`, {
      ...formFieldsOf(ops),
      IP: '127.0.0.1',
      Port: 9100,
      Protocols: [HTTP],
    });
    expect(saved).toMatchObject({ IP: '127.0.0.1', Port: 9100, Protocol: 'HTTP JSON' });
  });
});

describe('the API document says what the server takes', () => {
  const acceptsNull = (schema: JsonSchema | undefined) =>
    schema?.type === 'null' ||
    schema?.nullable === true ||
    (schema?.anyOf ?? []).some((option) => option.type === 'null');

  it('Username and the secrets: not required, null allowed, none by default on create', async () => {
    const operations = operationsOf(await readOpenApi(api.ctx.app));
    const body = (method: string, path: string) =>
      operations.find((op) => op.method === method && op.path === path)?.body;
    const create = body('POST', '/api/forwards');
    const update = body('PUT', '/api/forwards/{id}');
    for (const field of ['Username', 'Password', 'API_KEY', 'Auth']) {
      for (const schema of [create, update]) {
        expect(schema?.required).not.toContain(field);
        expect(acceptsNull(schema?.properties?.[field]), field).toBe(true);
      }
      expect(create?.properties?.[field]?.default, field).toBeNull();
    }
  });
});
