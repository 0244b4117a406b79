import { eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as F from '@shared/forwards/forward-form';
import { MESSAGE_TYPE_IDS } from '@shared/forwards/forward-kinds';
import { SECRET_MASK, type DeviceForward, type Forward } from '@shared/forwards/forwards';
import { deviceForwards, forwards, logs } from '@server/db/schema';
import {
  ADMIN,
  customerId,
  deviceOf,
  RESELLER,
  USER,
  useApiContext,
  VIEWER,
} from '@server/test/api';
import { forwardBody, REFUSED_TARGETS } from '@server/test/forwards';
import { typesInUse, usedElsewhere } from './service';
import { createTargetChecker, PUBLIC_TARGET_REQUIRED } from '@server/forwarding/targets';

// Update, remove and the Azure IoT hub integration (issue 11 item 1).
const api = useApiContext({
  forwardTargets: createTargetChecker(undefined, (name) =>
    Promise.resolve(
      name.startsWith('inside')
        ? ['10.1.2.3']
        : name.startsWith('nat64')
          ? ['64:ff9b::a9fe:a9fe']
          : ['52.0.0.1'],
    ),
  ),
});
const { RT, TD } = MESSAGE_TYPE_IDS;

async function created(email: string, customer: string, name: string, extra = {}) {
  const id = await customerId(api.ctx, customer);
  const response = await api.call(email, 'POST', 'forwards/', {
    ...forwardBody(id, name),
    ...extra,
  });
  expect(response.statusCode).toBe(200);
  return response.json<Forward[]>()[0] as Forward;
}

const stored = async (id: number) => {
  const [row] = await api.ctx.database.db.select().from(forwards).where(eq(forwards.id, id));
  return row;
};

/** Puts the forward in the TD and RT slots of a device of the forward's customer. */
async function useOnDevice(forward: Forward, customer: string, n = 0) {
  const device = await deviceOf(api.ctx, customer, n);
  for (const MessageType of ['TD', 'RT']) {
    const response = await api.call(ADMIN, 'POST', 'devices/forwards/', {
      IMEI: device.imei,
      MessageType,
      ForwardId: forward.Id,
    });
    expect(response.statusCode).toBe(200);
  }
  return device;
}

const update = (email: string, forward: Forward, body: object) =>
  api.call(email, 'PUT', `forwards/${String(forward.Id)}`, {
    ...forwardBody(forward.CustomerId ?? 0, forward.Name),
    Password: '',
    API_KEY: '',
    Auth: '',
    ...body,
  });

describe('PUT forwards/{id}', () => {
  it('changes the fields, keeps secrets left blank or masked, replaces a typed one', async () => {
    const forward = await created(USER, 'Atlas Freight', 'Keeper');
    const before = await stored(forward.Id);
    const response = await update(USER, forward, {
      Name: 'Keeper 2',
      Port: 9000,
      Status: 0,
      API_KEY: SECRET_MASK,
      Auth: 'Bearer new',
      MessageTypes: [RT],
      Protocols: [1],
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json<Forward>();
    expect([answer.Name, answer.Port, answer.Status, answer.Protocol]).toEqual([
      'Keeper 2',
      9000,
      0,
      'MQTT',
    ]);
    expect(answer.MessageTypes.map((t) => t.MessageType)).toEqual(['RT']);
    expect([answer.Password, answer.API_KEY, answer.Auth]).toEqual(Array(3).fill(SECRET_MASK));
    const after = await stored(forward.Id);
    expect(after?.password).toBe(before?.password);
    expect(after?.apiKey).toBe(before?.apiKey);
    expect(after?.auth).not.toBe(before?.auth);
    expect(response.body).not.toContain('Bearer new');
    const [entry] = await api.ctx.database.db
      .select()
      .from(logs)
      .where(like(logs.message, "Forward 'Keeper 2' updated by user%"));
    expect(entry?.level).toBe('Information');
  });

  it('refuses a change of customer or a dropped message type while devices use it', async () => {
    const forward = await created(ADMIN, 'Atlas Freight', 'In use');
    await useOnDevice(forward, 'Atlas Freight');
    await useOnDevice(forward, 'Atlas Freight', 1);
    const blue = await customerId(api.ctx, 'Blue Line Buses');
    const moved = await update(ADMIN, forward, { CustomerId: blue });
    expect(moved.json()).toEqual({ errors: { CustomerId: usedElsewhere(2) } });
    const dropped = await update(ADMIN, forward, { MessageTypes: [RT] });
    expect(dropped.json()).toEqual({ errors: { MessageTypes: typesInUse(2, 'TD') } });
    expect((await stored(forward.Id))?.customerId).toBe(forward.CustomerId);
    expect((await update(ADMIN, forward, { Name: 'Still in use' })).statusCode).toBe(200);
  });

  it('answers 404 for another tenant’s forward and 403 to Viewers', async () => {
    const hansens = await created(RESELLER, 'Hansen Transport', 'Hansen feed');
    expect((await update(USER, hansens, {})).statusCode).toBe(404);
    expect((await api.call(USER, 'DELETE', `forwards/${String(hansens.Id)}`)).statusCode).toBe(404);
    expect((await api.call(USER, 'GET', `forwards/${String(hansens.Id)}`)).statusCode).toBe(404);
    expect((await update(VIEWER, hansens, {})).statusCode).toBe(403);
    expect((await update(RESELLER, hansens, { Name: 'Hansen feed 2' })).statusCode).toBe(200);
  });

  it('checks the target and the rules as create does', async () => {
    const forward = await created(USER, 'Atlas Freight', 'Target');
    const inside = await update(USER, forward, { IP: 'inside.example.com' });
    expect(inside.json()).toEqual({
      errors: {
        IP: `${PUBLIC_TARGET_REQUIRED}: inside.example.com points to a private address (10.1.2.3)`,
      },
    });
    for (const [IP] of REFUSED_TARGETS) {
      const refused = await update(USER, forward, { IP });
      expect(refused.statusCode, IP).toBe(400);
      expect(refused.json<{ errors: { IP: string } }>().errors.IP).toMatch(PUBLIC_TARGET_REQUIRED);
    }
    expect((await stored(forward.Id))?.ip).toBe(forward.IP);
    const twoProtocols = await update(USER, forward, { Protocols: [0, 1] });
    expect(twoProtocols.json()).toEqual({ errors: { Protocols: F.ONE_PROTOCOL } });
    const mismatch = await update(USER, forward, { MessageTypes: [TD], Protocols: [2] });
    expect(mismatch.json()).toEqual({ errors: { Protocols: F.NOT_COMPATIBLE } });
  });
});

describe('DELETE forwards/{id}', () => {
  it("returns the devices' slots to 'non' with the forward, and says how many there were", async () => {
    const forward = await created(USER, 'Atlas Freight', 'Doomed');
    const device = await useOnDevice(forward, 'Atlas Freight', 2);
    expect(
      (await api.call(USER, 'GET', `forwards/${String(forward.Id)}`)).json<Forward>().Amountdevices,
    ).toBe(1);
    const response = await api.call(USER, 'DELETE', `forwards/${String(forward.Id)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<Forward>()).toMatchObject({ Id: forward.Id, Amountdevices: 1 });
    expect(await stored(forward.Id)).toBeUndefined();
    const slots = (await api.call(USER, 'GET', `devices/forwards/${device.imei}`)).json<
      DeviceForward[]
    >();
    expect(
      slots.filter((s) => ['TD', 'RT'].includes(s.MessageType)).map((s) => s.Protocol),
    ).toEqual(['non', 'non']);
    const [entry] = await api.ctx.database.db
      .select()
      .from(logs)
      .where(like(logs.message, "Forward 'Doomed' removed by user%"));
    expect(entry?.message).toMatch(/; 1 device back to 'non'$/);
  });

  it('is one transaction: when any part fails, the forward and its slots stay', async () => {
    const forward = await created(USER, 'Atlas Freight', 'Survivor');
    await useOnDevice(forward, 'Atlas Freight', 3);
    const db = api.ctx.database.db;
    // The operator-log entry is the last write of the removal; make it fail.
    await db.execute(sql`create function refuse_logs() returns trigger language plpgsql as
      $$ begin raise exception 'log refused'; end $$`);
    await db.execute(sql`create trigger refuse_logs before insert on logs
      for each row execute function refuse_logs()`);
    try {
      const response = await api.call(USER, 'DELETE', `forwards/${String(forward.Id)}`);
      expect(response.statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger refuse_logs on logs`);
      await db.execute(sql`drop function refuse_logs()`);
    }
    expect(await stored(forward.Id)).toBeDefined();
    expect(await db.$count(deviceForwards, eq(deviceForwards.forwardId, forward.Id))).toBe(2);
  });
});

describe('the Azure IoT hub integration', () => {
  const body = (customer: number) => ({
    CustomerId: customer,
    Name: 'Hub',
    Hostname: 'Fleet-Hub.azure-devices.net',
    SharedAccessKeyName: 'iothubowner',
    SharedAccessKey: 'c2VjcmV0LWtleQ==',
  });

  it('creates a forward of integration type 2: RT over Azure IoT hub to the host, port 443', async () => {
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    const response = await api.call(USER, 'POST', 'forwards/integration', body(atlas));
    expect(response.statusCode).toBe(200);
    const hub = response.json<Forward>();
    expect(hub).toMatchObject({
      IntegrationType: 2,
      IP: 'fleet-hub.azure-devices.net',
      Port: 443,
      Username: 'iothubowner',
      API_KEY: SECRET_MASK,
      Protocol: 'Azure IoT hub',
      Status: 1,
    });
    expect(hub.MessageTypes.map((t) => t.MessageType)).toEqual(['RT']);
    expect(response.body).not.toContain('c2VjcmV0LWtleQ');
    const key = (await stored(hub.Id))?.apiKey;
    const kept = await api.call(USER, 'PUT', `forwards/integration/${String(hub.Id)}`, {
      ...body(atlas),
      Name: 'Hub 2',
      SharedAccessKey: '',
    });
    expect(kept.json<Forward>()).toMatchObject({ Name: 'Hub 2', IntegrationType: 2 });
    expect((await stored(hub.Id))?.apiKey).toBe(key);
  });

  it('refuses a host name that is not an Azure IoT hub, or points inside', async () => {
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    const other = await api.call(USER, 'POST', 'forwards/integration', {
      ...body(atlas),
      Hostname: 'hub.example.com',
    });
    expect(other.json()).toEqual({ errors: { Hostname: F.HOSTNAME_NOT_AZURE } });
    const inside = await api.call(USER, 'POST', 'forwards/integration', {
      ...body(atlas),
      Hostname: 'inside.azure-devices.net',
    });
    expect(inside.json<{ errors: Record<string, string> }>().errors.Hostname).toMatch(
      /private address/,
    );
    const nat64 = await api.call(USER, 'POST', 'forwards/integration', {
      ...body(atlas),
      Hostname: 'nat64.azure-devices.net',
    });
    expect(nat64.json()).toEqual({
      errors: {
        Hostname:
          `${PUBLIC_TARGET_REQUIRED}: nat64.azure-devices.net points to the NAT64 form of a ` +
          'link-local address, 169.254.169.254 (64:ff9b::a9fe:a9fe)',
      },
    });
    const empty = await api.call(USER, 'POST', 'forwards/integration', {});
    expect(empty.json()).toEqual({
      errors: {
        CustomerId: F.CUSTOMER_REQUIRED,
        Name: F.NAME_REQUIRED,
        Hostname: F.HOSTNAME_REQUIRED,
        SharedAccessKeyName: F.KEY_NAME_REQUIRED,
        SharedAccessKey: F.KEY_REQUIRED,
      },
    });
    expect((await api.call(VIEWER, 'POST', 'forwards/integration', body(atlas))).statusCode).toBe(
      403,
    );
  });
});
