import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '@server/auth/secret-box';
import type { Db } from '@server/db/client';
import { createTestContext, TEST_SECRETS_KEY, type TestContext } from '@server/test/harness';
import { createCredentialVerifier } from './credentials';
import { readMessage, type IncomingMessage } from './message';
import {
  newDeviceCredential,
  parseSignature,
  signDeviceMessage,
} from '@server/auth/device-signing';
import { someDevices, type FleetDevice } from '@server/test/device-link';

let ctx: TestContext;
let fleet: FleetDevice[];
beforeAll(async () => {
  ctx = await createTestContext();
  fleet = await someDevices(ctx.database.db, 4, 120);
});
afterAll(() => ctx.close());

/** The test database, counting the statements run through it. */
function countingDb() {
  const counter = { statements: 0 };
  const db = new Proxy(ctx.database.db, {
    get(target, property, receiver) {
      if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown;
      return (...args: Parameters<Db['execute']>) => {
        counter.statements++;
        return target.execute(...args);
      };
    },
  });
  return { db, counter };
}

const silent = { error: () => undefined } as never;

function message(imei: string, credential: string): IncomingMessage {
  const body = JSON.stringify({ IMEI: imei, Lat: 1 });
  const headers = signDeviceMessage(credential, body);
  const read = readMessage(Buffer.from(body), undefined, {
    timestamp: headers['x-device-timestamp'] ?? '',
    signature: parseSignature(headers['x-device-signature']) ?? Buffer.alloc(32),
  });
  if (!read.ok) throw new Error(read.reason);
  return read.message;
}

const credentialOf = (d: FleetDevice) => ctx.deviceCredentials.get(d.imei) ?? '';

describe('the credential verifier', () => {
  it('loads the fleet in advance, so signed messages then cost no query', async () => {
    const { db, counter } = countingDb();
    const verifier = createCredentialVerifier(db, createSecretBox(TEST_SECRETS_KEY), silent);
    expect(await verifier.warm()).toBe(ctx.deviceCredentials.size);

    const before = counter.statements;
    const devices = await verifier.verify(
      fleet.map((d) => message(d.imei, credentialOf(d))),
      false,
    );
    expect(devices.map((d) => d?.id)).toEqual(fleet.map((d) => d.id));
    expect(counter.statements).toBe(before);
  });

  it('checks an unknown IMEI and a wrong signature against the database, alike', async () => {
    const { db, counter } = countingDb();
    const verifier = createCredentialVerifier(db, createSecretBox(TEST_SECRETS_KEY), silent);
    const [a, b] = fleet as [FleetDevice, FleetDevice];
    // Remembered from a first, good message.
    expect((await verifier.verify([message(a.imei, credentialOf(a))], false))[0]?.id).toBe(a.id);

    const before = counter.statements;
    const devices = await verifier.verify(
      [
        message(a.imei, newDeviceCredential()),
        message('000000000000019', newDeviceCredential()),
        message(b.imei, credentialOf(b)),
      ],
      false,
    );
    expect(devices.map((d) => d?.id ?? null)).toEqual([null, null, b.id]);
    // One query for the whole batch.
    expect(counter.statements - before).toBe(1);
  });

  it('refuses credentials sealed with another key', async () => {
    const [d] = fleet as [FleetDevice];
    const verifier = createCredentialVerifier(
      ctx.database.db,
      createSecretBox('another-secrets-key-entirely'),
      silent,
    );
    expect(await verifier.warm()).toBe(0);
    expect(await verifier.verify([message(d.imei, credentialOf(d))], false)).toEqual([null]);
  });
});
