import { createHmac } from 'node:crypto';
import { envelopeJson, messageIdOf } from '@server/forwarding/envelope';
import { byDevice, inParallel, oneAtATime } from './batching';
import { createHttpClient, statusError } from './http-client';
import { DeliveryError, type OutgoingMessage, type SenderFactory } from './types';

/**
 * The Azure IoT hub integration (protocol 3): each message a device-to-cloud message of the
 * device named by its IMEI, over HTTPS (`POST /devices/{IMEI}/messages/events`, 204 when taken),
 * its envelope (envelope.ts) as body and its MessageId as the IoT Hub message id. The forward holds
 * the hub's host name, a shared access policy's name (Username) and key (API_KEY, base64); a
 * device's SAS token is signed with them for `{host}/devices/{IMEI}` (Microsoft's "Control access
 * to IoT Hub with SAS": HMAC-SHA256 of `urlencoded(resource) + "\n" + expiry`), valid an hour and
 * reused until five minutes before it expires. The hub must know the devices (its registry).
 * Messages of one device go in order, up to DEVICES_AT_ONCE devices in parallel.
 */

export const AZURE_API_VERSION = '2021-04-12';
const TOKEN_SECONDS = 3600;
const RENEW_SECONDS = 300;
const DEVICES_AT_ONCE = 8;
/** Tokens kept per forward; past it the cache starts over (signing is cheap). */
const MAX_TOKENS = 10_000;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** `SharedAccessSignature sr=…&sig=…&se=…&skn=…` for a resource, signed with the policy's key. */
export function sasToken(resource: string, keyName: string, key: Buffer, expiry: number): string {
  const sr = encodeURIComponent(resource.toLowerCase());
  const sig = createHmac('sha256', key)
    .update(`${sr}\n${String(expiry)}`)
    .digest('base64');
  return (
    `SharedAccessSignature sr=${sr}&sig=${encodeURIComponent(sig)}` +
    `&se=${String(expiry)}&skn=${encodeURIComponent(keyName)}`
  );
}

/** A device's current token, made anew when missing or expiring within five minutes. */
export function createSasTokens(
  host: string,
  keyName: string,
  keyBase64: string,
  nowMs: () => number = Date.now,
): (imei: string) => string {
  const key = Buffer.from(keyBase64, 'base64');
  const tokens = new Map<string, { token: string; expiry: number }>();
  return (imei) => {
    const now = Math.floor(nowMs() / 1000);
    const cached = tokens.get(imei);
    if (cached && cached.expiry - now > RENEW_SECONDS) return cached.token;
    if (tokens.size >= MAX_TOKENS) tokens.clear();
    const expiry = now + TOKEN_SECONDS;
    const token = sasToken(`${host}/devices/${imei}`, keyName, key, expiry);
    tokens.set(imei, { token, expiry });
    return token;
  };
}

export const devicePathOf = (imei: string) =>
  `/devices/${encodeURIComponent(imei)}/messages/events?api-version=${AZURE_API_VERSION}`;

export const createAzureIotHubSender: SenderFactory = (target, connector) => {
  const where = `Azure IoT hub ${target.host}`;
  const serial = oneAtATime();
  const client = createHttpClient(connector, {
    host: target.host,
    port: target.port,
    tls: true,
    maxSockets: DEVICES_AT_ONCE,
  });
  const { username: keyName, apiKey: key } = target;
  const tokenOf =
    keyName && key && BASE64.test(key) ? createSasTokens(target.host, keyName, key) : null;

  async function post(tokens: (imei: string) => string, message: OutgoingMessage) {
    const token = tokens(message.imei);
    const answer = await client.post(
      devicePathOf(message.imei),
      {
        authorization: token,
        'content-type': 'application/json',
        'iothub-messageid': messageIdOf(message),
        // So the hub's routing can query the JSON body.
        'iothub-contenttype': 'application/json',
        'iothub-contentencoding': 'utf-8',
        'iothub-app-messagetype': message.messageType,
        'iothub-app-replayed': String(message.replayed),
      },
      envelopeJson(message),
    );
    if (answer.status < 200 || answer.status > 299) {
      throw statusError(answer, where, [key, token]);
    }
  }

  return {
    send: (batch) =>
      serial(async () => {
        const tokens = tokenOf;
        if (!tokens) {
          throw new DeliveryError(
            `${where}: the integration needs a shared access key name and a base64 key`,
          );
        }
        await inParallel(byDevice(batch).values(), DEVICES_AT_ONCE, async (messages) => {
          for (const message of messages) await post(tokens, message);
        });
      }),
    close() {
      client.close();
      return Promise.resolve();
    },
  };
};
