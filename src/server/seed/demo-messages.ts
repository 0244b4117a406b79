// The demo's history: raw messages of the last 8 days and the log.
import { sql } from 'drizzle-orm';
import { rebuildMessageCounters, catchUpRawMessageSearch } from '@server/modules/raw-messages';
import type { DbOrTx } from '@server/db/client';
import { devices, logs, rawMessages } from '@server/db/schema';
import { messageBody } from './fleet';
import type { Random } from './random';

/** About six messages per device per day over the last 8 days; 3% are broken JSON. */
export async function seedMessages(tx: DbOrTx, now: Date, random: Random): Promise<void> {
  const fleet = await tx.select({ id: devices.id, imei: devices.imei }).from(devices);
  const rows: (typeof rawMessages.$inferInsert)[] = [];
  for (const device of fleet) {
    const perDevice = random.int(30, 60);
    for (let i = 0; i < perDevice; i++) {
      const at = new Date(now.getTime() - random.next() * 8 * 86_400_000);
      const body = messageBody(device.imei, at, random);
      const validJson = !random.chance(0.03);
      rows.push({
        deviceId: device.id,
        imei: device.imei,
        timeStampServer: at,
        validJson,
        message: validJson ? body : body.slice(0, random.int(10, body.length - 2)),
      });
    }
  }
  // In arrival order, as a device link stores them: ids then follow time (lists page by id).
  rows.sort((a, b) => (a.timeStampServer?.getTime() ?? 0) - (b.timeStampServer?.getTime() ?? 0));
  for (let i = 0; i < rows.length; i += 2000)
    await tx.insert(rawMessages).values(rows.slice(i, i + 2000));
  await tx.execute(sql`
    update devices d set last_msg = m.last
    from (select device_id, max(time_stamp_server) as last from raw_messages group by device_id) m
    where m.device_id = d.id`);
  await rebuildMessageCounters(tx);
  await catchUpRawMessageSearch(tx);
}

/** 240 log lines of the last 8 days, most of them about a customer. */
export async function seedLogs(
  tx: DbOrTx,
  customerIds: number[],
  now: Date,
  random: Random,
): Promise<void> {
  const texts = [
    ['Information', 'Device configuration acknowledged'],
    ['Information', 'Forward connection re-established'],
    ['Warning', 'Forward answered slowly (2.4 s)'],
    ['Warning', 'Unknown IMEI tried to connect'],
    ['Error', 'Forward connection refused'],
  ] as const;
  const rows = Array.from({ length: 240 }, () => {
    const [level, message] = random.pick(texts);
    return {
      level,
      message,
      customerId: random.chance(0.2) ? null : random.pick(customerIds),
      timeStamp: new Date(now.getTime() - random.next() * 8 * 86_400_000),
    };
  });
  // Oldest first, as the writers add them: the Log lists by id.
  rows.sort((a, b) => a.timeStamp.getTime() - b.timeStamp.getTime());
  await tx.insert(logs).values(rows);
}
