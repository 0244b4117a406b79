import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '@server/db/client';
import type { VerifiedMessage } from './credentials';
import type { DeviceLinkTables } from './tables';

/**
 * Applies what the batch's devices acknowledged: settings become Processed and move into the
 * applied configuration (via the devices module), requests get their execution time. Only the
 * device's own, not yet done ones are touched, so foreign ids and repeats change nothing; and
 * only while the device's credential is still the one the message was verified with, like the
 * batch statement. Most messages acknowledge nothing; then this costs no round trip at all.
 */
export async function applyAcks(
  tx: Tx,
  messages: readonly VerifiedMessage[],
  tables: DeviceLinkTables,
): Promise<void> {
  const acking = messages.filter(
    (m) => m.ackSettings.length || m.ackRequests.length || m.ackFailures.length,
  );
  if (acking.length === 0) return;
  const ids = [...new Set(acking.map((m) => m.device.id))];
  const found = await selectRows<{ id: number; credential: string | null }>(
    tx,
    sql`select id, credential from devices
        where id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  const current = new Map(found.map((d) => [d.id, d.credential]));

  const executed: { device_id: number; id: number }[] = [];
  for (const m of acking) {
    const deviceId = m.device.id;
    if (current.get(deviceId) !== m.device.sealed) continue;
    // In message order, so two acknowledgements of one device in a batch apply as sent.
    if (m.ackSettings.length) {
      await tables.applyAcknowledgedSettings(tx, deviceId, m.ackSettings, m.at);
    }
    if (m.ackFailures.length) {
      await tables.failAcknowledgedSettings(tx, deviceId, m.ackFailures, m.at);
    }
    for (const id of m.ackRequests) executed.push({ device_id: deviceId, id });
  }
  if (executed.length === 0) return;
  await tx.execute(sql`
    update modem_requests m set executed = now()
    from json_to_recordset(${JSON.stringify(executed)}::json) as v(device_id int, id bigint)
    where m.id = v.id and m.device_id = v.device_id and m.executed is null`);
}
