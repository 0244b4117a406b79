import { parseArgs } from 'node:util';
import { count, ne, sum } from 'drizzle-orm';
import { createSecretBox } from '@server/auth/secret-box';
import { loadConfig } from '@server/config';
import { openDatabase, settleAfterBulkLoad } from '@server/db/client';
import { customers, devices, messageCountsDaily, users } from '@server/db/schema';
import { rebuildMessageCounters } from '@server/modules/raw-messages';
import { writeDemoCredentials } from './credentials';
import { growCustomers } from './customers';
import { addBulkLogs } from './bulk-logs';
import { addBulkMessages, growFleet } from './fleet';
import { createRandom } from './random';
import { DEMO_FLEET_SIZE, seedDemo } from './demo';

const MAX_DEVICES = 100_000;

const { values } = parseArgs({
  options: {
    devices: { type: 'string' },
    messages: { type: 'string' },
    customers: { type: 'string' },
    logs: { type: 'string' },
  },
});
const targetDevices = Math.min(Number(values.devices ?? DEMO_FLEET_SIZE), MAX_DEVICES);
const extraMessages = Number(values.messages ?? 0);
const extraLogs = Number(values.logs ?? 0);
const targetCustomers = Math.min(Number(values.customers ?? 0), 100_000);

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const { db } = database;
try {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) === 0) {
    console.log('Loading demo data…');
    const seeded = await seedDemo(db, { secrets: createSecretBox(config.secretsKey) });
    const file = writeDemoCredentials(config.dataDir, seeded.deviceCredentials);
    console.log(`Demo device credentials: ${file}`);
  }
  // Grow the fleet over the demo customers (not the provider's own, which has none). The extra
  // devices get no message history of their own, and no device credential (an admin issues
  // one from the device page): --messages adds history across the fleet.
  const owners = await db
    .select({ id: customers.id })
    .from(customers)
    .where(ne(customers.name, 'Fleet Portal Provider'));
  const ids = owners.map((o) => o.id);
  await growFleet(db, targetDevices, ids.length ? ids : [null], createRandom(targetDevices));
  if (targetCustomers > 0) await growCustomers(db, targetCustomers, createRandom(targetCustomers));
  if (extraMessages > 0) {
    console.log(`Adding ${extraMessages} raw messages…`);
    await addBulkMessages(db, extraMessages);
    await rebuildMessageCounters(db);
  }
  if (extraLogs > 0) {
    console.log(`Adding ${extraLogs} log entries…`);
    await addBulkLogs(db, extraLogs);
  }
  await settleAfterBulkLoad(db);
  const [fleet] = await db.select({ n: count() }).from(devices);
  const [messages] = await db.select({ n: sum(messageCountsDaily.total) }).from(messageCountsDaily);
  const [tenants] = await db.select({ n: count() }).from(customers);
  console.log(
    `Done: ${tenants?.n ?? 0} customers, ${fleet?.n ?? 0} devices, ${messages?.n ?? 0} raw messages.`,
  );
} finally {
  await database.close();
}
