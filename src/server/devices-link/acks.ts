import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../db/client';
import { applyAcknowledgedSettings } from '../modules/devices/apply';
import type { IncomingMessage } from './message';

/**
 * Applies what the batch's devices acknowledged: settings become Processed and move into the
 * applied configuration (via the devices module), requests get their execution time. Only the
 * device's own, not yet done ones are touched, so foreign ids and repeats change nothing.
 * Most messages acknowledge nothing; then this costs no round trip at all.
 */
export async function applyAcks(tx: Tx, messages: readonly IncomingMessage[]): Promise<void> {
  const acking = messages.filter((m) => m.ackSettings.length || m.ackRequests.length);
  if (acking.length === 0) return;
  const imeis = [...new Set(acking.map((m) => m.imei))];
  const found = await selectRows<{ id: number; imei: string }>(
    tx,
    // A one-row range instead of '=' keeps the lookup on the unique btree (see statement.ts).
    sql`select d.id, d.imei
        from json_array_elements_text(${JSON.stringify(imeis)}::json) as i(imei)
        cross join lateral (
          select id, imei from devices where imei >= i.imei and imei <= i.imei limit 1
        ) d`,
  );
  const idOf = new Map(found.map((d) => [d.imei, d.id]));

  const executed: { device_id: number; id: number }[] = [];
  for (const m of acking) {
    const deviceId = idOf.get(m.imei);
    if (deviceId === undefined) continue;
    // In message order, so two acknowledgements of one device in a batch apply as sent.
    if (m.ackSettings.length) {
      await applyAcknowledgedSettings(tx, deviceId, m.ackSettings, m.at);
    }
    for (const id of m.ackRequests) executed.push({ device_id: deviceId, id });
  }
  if (executed.length === 0) return;
  await tx.execute(sql`
    update modem_requests m set executed = now()
    from json_to_recordset(${JSON.stringify(executed)}::json) as v(device_id int, id bigint)
    where m.id = v.id and m.device_id = v.device_id and m.executed is null`);
}
