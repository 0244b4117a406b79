import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import { isEnvelope, summaryOf, TEST_TLS, type Envelope, type OnMessage, serve } from './common';

/**
 * An Azure IoT hub's device-to-cloud endpoint over HTTPS (test certificate):
 * `POST /devices/{id}/messages/events?api-version=…`, answering 204. Every request's SAS token is
 * checked as the hub does: resource `{hub}/devices/{id}`, policy name, expiry in the future, and
 * the HMAC-SHA256 signature with the policy's key; 401 otherwise.
 */

export interface AzureMessageSeen {
  deviceId: string;
  envelope: Envelope;
  headers: IncomingHttpHeaders;
  /** The token's expiry (`se`), Unix seconds. */
  expiry: number;
}

export interface AzureReceiver {
  readonly port: number;
  readonly hub: string;
  readonly received: AzureMessageSeen[];
  /** Why requests were refused with 401, in order. */
  readonly refusals: string[];
  readonly connections: number;
  /** Answer to a valid request: a status (204 by default) or none at all. */
  answer: { status: number } | 'never';
  down: () => Promise<void>;
  up: () => Promise<void>;
  close: () => Promise<void>;
}

export interface AzureReceiverOptions {
  /** The hub's host name; `fleet-portal-test.azure-devices.net` by default. */
  hub?: string;
  keyName: string;
  /** The shared access key, base64. */
  key: string;
  port?: number;
  host?: string;
  onMessage?: OnMessage;
}

const DEVICE_PATH = /^\/devices\/([^/?]+)\/messages\/events\?(?:.*&)?api-version=[0-9-]+(?:&|$)/;

/** The SAS token's expiry when it is valid for the device, else why not. */
function checkToken(
  authorization: string | undefined,
  resource: string,
  options: AzureReceiverOptions,
): { expiry: number } | { problem: string } {
  const prefix = 'SharedAccessSignature ';
  if (!authorization?.startsWith(prefix)) return { problem: 'no SharedAccessSignature' };
  const fields = new URLSearchParams(authorization.slice(prefix.length));
  const [sr, sig, se, skn] = ['sr', 'sig', 'se', 'skn'].map((name) => fields.get(name));
  if (!sr || !sig || !se || !skn) return { problem: 'sr, sig, se and skn are required' };
  if (sr !== resource.toLowerCase()) return { problem: `token is for ${sr}, not ${resource}` };
  if (skn !== options.keyName) return { problem: `unknown policy ${skn}` };
  if (!/^\d+$/.test(se) || Number(se) <= Date.now() / 1000) return { problem: 'token expired' };
  // The signature covers the resource as URL-encoded in the token, a newline, and the expiry.
  const expected = createHmac('sha256', Buffer.from(options.key, 'base64'))
    .update(`${encodeURIComponent(sr)}\n${se}`)
    .digest();
  const given = Buffer.from(sig, 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { problem: 'signature does not match' };
  }
  return { expiry: Number(se) };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.once('end', () => {
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    request.once('error', reject);
  });
}

export async function startAzureReceiver(options: AzureReceiverOptions): Promise<AzureReceiver> {
  const host = options.host ?? '127.0.0.1';
  const hub = options.hub ?? 'fleet-portal-test.azure-devices.net';
  const received: AzureMessageSeen[] = [];
  const refusals: string[] = [];

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request);
    const deviceId = DEVICE_PATH.exec(request.url ?? '')?.[1];
    if (request.method !== 'POST' || deviceId === undefined) {
      response.writeHead(404).end();
      return;
    }
    const device = decodeURIComponent(deviceId);
    const token = checkToken(request.headers.authorization, `${hub}/devices/${device}`, options);
    if ('problem' in token) {
      refusals.push(token.problem);
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ Message: `ErrorCode:IotHubUnauthorizedAccess;${token.problem}` }),
      );
      return;
    }
    const mode = receiver.answer;
    if (mode === 'never') return;
    if (mode.status >= 200 && mode.status <= 299) {
      const envelope: unknown = JSON.parse(body);
      if (!isEnvelope(envelope)) {
        response.writeHead(400).end();
        return;
      }
      received.push({ deviceId: device, envelope, headers: request.headers, expiry: token.expiry });
      options.onMessage?.(summaryOf(envelope));
    }
    response.writeHead(mode.status).end();
  };

  const server = https.createServer({ cert: TEST_TLS.cert, key: TEST_TLS.key }, (req, res) => {
    handle(req, res).catch(() => {
      res.destroy();
    });
  });
  const served = await serve(server, options.port ?? 0, host);
  // Assigned onto `served`, so its getters stay live.
  const receiver: AzureReceiver = Object.assign(served, {
    hub,
    received,
    refusals,
    answer: { status: 204 },
  });
  return receiver;
}
