import { afterEach, describe, expect, it } from 'vitest';
import { startAzureReceiver, type AzureReceiver } from '@server/receiver/azure';
import { envelopeJson, messageIdOf } from '@server/forwarding/envelope';
import {
  forwardTarget,
  IMEI,
  OTHER_IMEI,
  outgoing,
  testConnector,
  testResolver,
  failureOf,
} from '@server/forwarding/test/protocol-fixtures';
import { createAzureIotHubSender, createSasTokens, sasToken } from './azure-iot-hub';
import { createConnector } from './connector';
import type { Connector, ForwardTarget } from './types';

const HUB = 'fleet-portal-test.azure-devices.net';
const KEY_NAME = 'fleet-portal-forwards';
const KEY = Buffer.from('a shared access key of 32 bytes!').toString('base64');

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function hub() {
  const started = await startAzureReceiver({ hub: HUB, keyName: KEY_NAME, key: KEY });
  cleanups.push(started.close);
  return started;
}

function sender(at: AzureReceiver, target: Partial<ForwardTarget> = {}, connector?: Connector) {
  const created = createAzureIotHubSender(
    forwardTarget({
      protocolId: 3,
      host: HUB,
      port: at.port,
      username: KEY_NAME,
      apiKey: KEY,
      ...target,
    }),
    connector ?? testConnector(),
  );
  cleanups.push(() => created.close());
  return created;
}

describe('Azure IoT hub sender', () => {
  it("sends each message as its device's event, signed with a token the hub accepts", async () => {
    const at = await hub();
    const batch = [
      outgoing(),
      outgoing({ imei: OTHER_IMEI }),
      outgoing({ replayed: true }),
      outgoing({ imei: OTHER_IMEI }),
      outgoing(),
    ];
    const before = Math.floor(Date.now() / 1000);
    await sender(at).send(batch);

    expect(at.refusals).toEqual([]);
    for (const imei of [IMEI, OTHER_IMEI]) {
      const mine = at.received.filter((m) => m.deviceId === imei);
      const sent = batch.filter((m) => m.imei === imei);
      // In order per device.
      expect(mine.map((m) => m.envelope.MessageId)).toEqual(sent.map(messageIdOf));
      expect(mine.map((m) => m.headers['iothub-messageid'])).toEqual(sent.map(messageIdOf));
      expect(mine.map((m) => JSON.stringify(m.envelope))).toEqual(
        sent.map((m) => JSON.stringify(JSON.parse(envelopeJson(m)))),
      );
    }
    const first = at.received[0];
    expect(first?.headers['content-type']).toBe('application/json');
    expect(first?.headers['iothub-app-messagetype']).toBe('RT');
    // A token valid one hour, and the same token for a device's messages.
    expect(first?.expiry).toBeGreaterThanOrEqual(before + 3600);
    expect(first?.expiry).toBeLessThanOrEqual(before + 3602);
    const tokens = new Set(
      at.received.filter((m) => m.deviceId === IMEI).map((m) => m.headers.authorization),
    );
    expect(tokens.size).toBe(1);
  });

  it('is refused (401) with a wrong key or policy name', async () => {
    const at = await hub();
    const otherKey = Buffer.from('another key').toString('base64');
    const wrongKey = await failureOf(sender(at, { apiKey: otherKey }).send([outgoing()]));
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.message).toMatch(
      /^HTTP 401 from Azure IoT hub fleet-portal-test\.azure-devices\.net: /,
    );
    const wrongName = await failureOf(sender(at, { username: 'iothubowner' }).send([outgoing()]));
    expect(wrongName.status).toBe(401);
    expect(at.refusals).toEqual(['signature does not match', 'unknown policy iothubowner']);
    expect(at.received).toHaveLength(0);
  });

  it('fails on a hub error, on no answer, and without a key (not contacting the hub)', async () => {
    const at = await hub();
    at.answer = { status: 500 };
    expect((await failureOf(sender(at).send([outgoing()]))).status).toBe(500);

    at.answer = 'never';
    const slow = sender(at, {}, testConnector({ answerTimeoutMs: 300 }));
    expect((await failureOf(slow.send([outgoing()]))).message).toContain('No answer from');

    const connections = at.connections;
    const keyless = await failureOf(sender(at, { apiKey: null }).send([outgoing()]));
    expect(keyless.message).toContain('needs a shared access key name and a base64 key');
    expect(at.connections).toBe(connections);
  });

  it('never contacts a refused target', async () => {
    const at = await hub();
    const connector = createConnector({ resolve: testResolver });
    const error = await failureOf(sender(at, {}, connector).send([outgoing()]));
    expect(error.message).toContain('points to a loopback address');
    expect(at.connections).toBe(0);
  });
});

describe('SAS tokens', () => {
  it("signs Microsoft's string to sign: the URL-encoded resource, a newline, the expiry", () => {
    const key = Buffer.from(KEY, 'base64');
    const token = sasToken(`${HUB}/devices/${IMEI}`, KEY_NAME, key, 1_800_000_000);
    const sr = encodeURIComponent(`${HUB}/devices/${IMEI}`);
    expect(token).toMatch(
      new RegExp(
        `^SharedAccessSignature sr=${sr}&sig=[A-Za-z0-9%]+&se=1800000000&skn=${KEY_NAME}$`,
      ),
    );
  });

  it('reuses a token until five minutes before it expires', () => {
    let now = 1_800_000_000_000;
    const tokenOf = createSasTokens(HUB, KEY_NAME, KEY, () => now);
    const first = tokenOf(IMEI);
    now += 54 * 60 * 1000;
    expect(tokenOf(IMEI)).toBe(first);
    expect(tokenOf(OTHER_IMEI)).not.toBe(first);
    now += 2 * 60 * 1000;
    const renewed = tokenOf(IMEI);
    expect(renewed).not.toBe(first);
    expect(renewed).toContain(`&se=${String(Math.floor(now / 1000) + 3600)}&`);
  });
});
