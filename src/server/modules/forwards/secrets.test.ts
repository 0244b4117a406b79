import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_MASK, type DeviceForward, type Forward } from '@shared/forwards/forwards';
import { createSecretBox, revealSecret } from '@server/auth/secret-box';
import { deviceForwards, devices, forwards } from '@server/db/schema';
import { ADMIN, apiCaller, customerId, RESELLER, USER, VIEWER } from '@server/test/api';
import { createTestContext, TEST_SECRETS_KEY, type TestContext } from '@server/test/harness';
import { sealPlainForwardSecrets } from './secrets';

// Forward passwords, API keys and authorizations are write-only (issue 9 item 5).
let ctx: TestContext;
let call: ReturnType<typeof apiCaller>;
const box = createSecretBox(TEST_SECRETS_KEY);
const CLEAR = ['secret', 'demo-api-key', 'Basic ZGVtbzpkZW1v'];

beforeAll(async () => {
  ctx = await createTestContext();
  call = apiCaller(ctx);
  // Every forward gets all three secrets, stored in clear as a database from before would be.
  const [password, apiKey, auth] = CLEAR;
  await ctx.database.db.update(forwards).set({ password, apiKey, auth });
  await sealPlainForwardSecrets(ctx.database.db, box);
});
afterAll(() => ctx.close());

const secretsOf = (f: Forward | DeviceForward) => [
  f.Password,
  f.API_KEY,
  'Auth' in f ? f.Auth : f.Authorization,
];

/** A device of the caller's tenancy with a forward assigned. */
async function deviceWithForward(customerName: string) {
  const rows = await ctx.database.db
    .select({ imei: devices.imei, customerId: devices.customerId })
    .from(deviceForwards)
    .innerJoin(devices, eq(devices.id, deviceForwards.deviceId));
  const id = await customerId(ctx, customerName);
  const row = rows.find((r) => r.customerId === id);
  if (!row) throw new Error(`no device with a forward of ${customerName}`);
  return row.imei;
}

describe('forward secrets', () => {
  it('are stored encrypted, so a database dump alone does not reveal them', async () => {
    const rows = await ctx.database.db
      .select({ password: forwards.password, apiKey: forwards.apiKey, auth: forwards.auth })
      .from(forwards)
      .where(isNotNull(forwards.password));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const stored = [row.password, row.apiKey, row.auth];
      for (const value of stored) expect(box.isSealed(value ?? '')).toBe(true);
      expect(stored.map((value) => revealSecret(box, value))).toEqual(CLEAR);
      expect(JSON.stringify(stored)).not.toMatch(/secret|demo-api-key|ZGVtbzpkZW1v/);
    }
    // Sealing again changes nothing.
    expect(await sealPlainForwardSecrets(ctx.database.db, box)).toBe(0);
  });

  it.each([ADMIN, RESELLER, USER])('are masked in the forward lists for %s', async (email) => {
    const list = (await call(email, 'GET', 'forwards/')).json<Forward[]>();
    expect(list.length).toBeGreaterThan(0);
    for (const forward of list) expect(secretsOf(forward)).toEqual(Array(3).fill(SECRET_MASK));
    const first = list[0];
    const one = (await call(email, 'GET', `forwards/${first?.Id ?? 0}`)).json<Forward>();
    expect(secretsOf(one)).toEqual(Array(3).fill(SECRET_MASK));
  });

  it('never reach Viewers', async () => {
    const response = await call(VIEWER, 'GET', 'forwards/');
    expect(response.statusCode).toBe(200);
    for (const forward of response.json<Forward[]>())
      expect(secretsOf(forward)).toEqual([null, null, null]);
    const imei = await deviceWithForward('Atlas Freight');
    const slots = (await call(VIEWER, 'GET', `devices/forwards/${imei}`)).json<DeviceForward[]>();
    expect(slots.some((s) => s.ForwardId !== null)).toBe(true);
    for (const slot of slots) expect(secretsOf(slot)).toEqual([null, null, null]);
  });

  it("are masked in a device's forward slots, and no answer carries them in clear", async () => {
    const imei = await deviceWithForward('Atlas Freight');
    const response = await call(USER, 'GET', `devices/forwards/${imei}`);
    const assigned = response.json<DeviceForward[]>().filter((s) => s.ForwardId !== null);
    expect(assigned.length).toBeGreaterThan(0);
    for (const slot of assigned) expect(secretsOf(slot)).toEqual(Array(3).fill(SECRET_MASK));
    for (const path of ['forwards/', `devices/forwards/${imei}`]) {
      const body = (await call(ADMIN, 'GET', path)).body;
      for (const clear of CLEAR) expect(body).not.toContain(clear);
      expect(body).not.toContain('v1:');
    }
  });
});
