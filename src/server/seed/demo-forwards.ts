import {
  FORWARD_PROTOCOL_IDS,
  isCompatible,
  MESSAGE_TYPE_IDS,
} from '@shared/forwards/forward-kinds';
import type { DbOrTx } from '@server/db/client';
import { forwardMessageTypes, forwards } from '@server/db/schema';
import type { Random } from './random';

/**
 * Where `npm run receiver` listens (scripts/receiver.ts, src/server/receiver/), per forward protocol: the demo
 * forwards send there, so a demo portal sends nothing off the machine (issue 25).
 */
export const DEMO_RECEIVER_PORTS = {
  [FORWARD_PROTOCOL_IDS['HTTP JSON']]: 9100,
  [FORWARD_PROTOCOL_IDS.MQTT]: 1883,
  [FORWARD_PROTOCOL_IDS['Wialon IPS']]: 20332,
  [FORWARD_PROTOCOL_IDS['Azure IoT hub']]: 9443,
} as Readonly<Record<number, number>>;
export const DEMO_RECEIVER_HOST = '127.0.0.1';

/**
 * One to three forwards per customer, all to the local receivers (decision 051): HTTP JSON,
 * MQTT and Wialon IPS on and off as drawn; an Azure IoT hub one always held (Status 0), as a
 * hub needs its name and certificate (README, Message forwarding). Each has a Username, so the
 * forward form saves one unchanged.
 */
export async function seedForwards(
  tx: DbOrTx,
  customerIds: number[],
  random: Random,
): Promise<void> {
  const protocolIds = Object.values(FORWARD_PROTOCOL_IDS);
  const typeIds = Object.values(MESSAGE_TYPE_IDS);
  for (const customerId of customerIds) {
    for (let i = 0; i < random.int(1, 3); i++) {
      // Mostly HTTP JSON and MQTT (every message type); now and then an RT-only protocol.
      const protocolId = random.chance(0.8) ? random.pick([0, 1]) : random.pick(protocolIds);
      const carried = typeIds.filter((type) => isCompatible(type, protocolId));
      const types = carried.filter(() => random.chance(0.5));
      const name = `${random.pick(['Fleet', 'Route', 'Tacho', 'Ops'])} feed ${i + 1}`;
      // The draws of the documentation addresses and ports the demo once used: kept, so every
      // demo row made after the forwards stays as it was.
      random.int(2, 250);
      random.pick([443, 5001, 8443, 1883]);
      const [row] = await tx
        .insert(forwards)
        .values({
          customerId,
          name,
          ip: DEMO_RECEIVER_HOST,
          port: DEMO_RECEIVER_PORTS[protocolId] ?? 9100,
          username: random.chance(0.5) ? 'integration' : 'fleet-portal',
          password: random.chance(0.5) ? 'secret' : null,
          apiKey: random.chance(0.3) ? random.digits(24) : null,
          status:
            random.chance(0.85) && protocolId !== FORWARD_PROTOCOL_IDS['Azure IoT hub'] ? 1 : 0,
          protocolId,
        })
        .returning({ id: forwards.id });
      if (!row) continue;
      const chosen = types.length ? types : carried.slice(0, 1);
      await tx
        .insert(forwardMessageTypes)
        .values(chosen.map((messageTypeId) => ({ forwardId: row.id, messageTypeId })));
    }
  }
}
