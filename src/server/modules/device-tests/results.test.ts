import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_TEST_PAGE_SIZE, type DeviceTestResult } from '@shared/devices/device-tests';
import { deviceTestResults } from '@server/db/schema';
import { ADMIN, apiCaller, customerId, RESELLER, USER, VIEWER } from '@server/test/api';
import { createTestContext, type TestContext } from '@server/test/harness';

let ctx: TestContext;
let call: ReturnType<typeof apiCaller>;
const CUSTOMERS = ['Atlas Freight', 'Hansen Transport', 'Vega Logistics', 'Blue Line Buses'];

beforeAll(async () => {
  ctx = await createTestContext();
  call = apiCaller(ctx);
  const ids = await Promise.all(CUSTOMERS.map((name) => customerId(ctx, name)));
  // Enough results for a second page of the admin's list.
  const rows = Array.from({ length: DEVICE_TEST_PAGE_SIZE + 20 }, (_, i) => ({
    customerId: ids[i % ids.length] ?? null,
    customerName: CUSTOMERS[i % CUSTOMERS.length] ?? '',
    imei: String(990000000000000 + i),
    userEmail: 'installer@example.test',
    timeStamp: new Date(Date.UTC(2026, 10, 1) + i * 60_000),
    validConnection: true,
    validTimeStamp: true,
    validIgnState: true,
    validPosition: true,
    validOdo: true,
    validVin: i % 2 === 0,
    validIbutton: true,
    validIo1State: true,
    testResult: i % 2 === 0 ? 'TEST OK' : 'FAILED',
  }));
  await ctx.database.db.insert(deviceTestResults).values(rows);
});
afterAll(() => ctx.close());

async function all(email: string): Promise<DeviceTestResult[]> {
  const seen: DeviceTestResult[] = [];
  let path = 'devicetests';
  for (;;) {
    const response = await call(email, 'GET', path);
    expect(response.statusCode).toBe(200);
    const page = response.json<DeviceTestResult[]>();
    seen.push(...page);
    if (page.length < DEVICE_TEST_PAGE_SIZE) return seen;
    path = `devicetests?after=${page.at(-1)?.Id ?? 0}`;
  }
}

describe('GET devicetests', () => {
  it('lists the results each role may see, newest first, in pages', async () => {
    const expected: Record<string, string[]> = {
      [ADMIN]: CUSTOMERS,
      [RESELLER]: ['Hansen Transport', 'Vega Logistics'],
      [USER]: ['Atlas Freight'],
      [VIEWER]: ['Atlas Freight'],
    };
    for (const [email, customers] of Object.entries(expected)) {
      const results = await all(email);
      expect(new Set(results.map((r) => r.CustomerName))).toEqual(new Set(customers));
      const ids = results.map((r) => r.Id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(new Set(ids).size).toBe(ids.length);
    }
    expect(await all(ADMIN)).toHaveLength(DEVICE_TEST_PAGE_SIZE + 20);
    const first = (await call(ADMIN, 'GET', 'devicetests')).json<DeviceTestResult[]>()[0];
    expect(first).toMatchObject({ TestResult: 'FAILED', ValidVIN: false, LAT: null, VIN: null });
  });

  it('answers a bad cursor with 400 { errors }', async () => {
    const response = await call(USER, 'GET', 'devicetests?after=x');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(['after']);
  });
});
