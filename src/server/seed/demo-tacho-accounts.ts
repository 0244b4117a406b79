// The demo's authentication servers and company cards: what remote tachograph downloads need.
import { asc, eq } from 'drizzle-orm';
import type { SecretBox } from '@server/auth/secret-box';
import type { DbOrTx } from '@server/db/client';
import { authServers, companyCardDevices, companyCards, devices } from '@server/db/schema';
import type { Random } from './random';

const DAY_MS = 86_400_000;

/**
 * Per customer with the Tacho Download feature: one authentication server (one of them down)
 * and two company cards, the first serving a few of the customer's devices, the second none
 * (so its customer can still be changed), one card expired.
 */
export async function seedAuthServersAndCards(
  tx: DbOrTx,
  tachoCustomers: readonly { id: number; name: string }[],
  secrets: SecretBox,
  now: Date,
  random: Random,
): Promise<void> {
  for (const [index, customer] of tachoCustomers.entries()) {
    const [server] = await tx
      .insert(authServers)
      .values({
        customerId: customer.id,
        name: `${customer.name.split(' ')[0] ?? 'Fleet'} RDL server`,
        ip: `203.0.113.${10 + index}`,
        devicePort: 10_000 + index,
        port: 8443,
        username: 'rdl',
        password: secrets.seal(`rdl-${random.digits(8)}`),
        status: index === 1 ? 0 : 1,
        forward: `https://rdl${index + 1}.tacho.example/api/files`,
      })
      .returning({ id: authServers.id });
    if (!server) continue;

    const cards = await tx
      .insert(companyCards)
      .values(
        [0, 1].map((n) => ({
          customerId: customer.id,
          authServerId: server.id,
          cardNumber: `C${String(index + 1).padStart(2, '0')}000${random.digits(8)}${n}`,
          companyName: customer.name,
          validUntil: new Date(now.getTime() + (n === 0 ? 400 : index === 0 ? -20 : 200) * DAY_MS),
        })),
      )
      .returning({ id: companyCards.id });
    const first = cards[0];
    if (!first) continue;
    const served = await tx
      .select({ id: devices.id })
      .from(devices)
      .where(eq(devices.customerId, customer.id))
      .orderBy(asc(devices.id))
      .limit(5);
    if (served.length)
      await tx
        .insert(companyCardDevices)
        .values(served.map((d) => ({ cardId: first.id, deviceId: d.id })));
  }
}
