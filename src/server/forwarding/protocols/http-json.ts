import type { OutgoingHttpHeaders } from 'node:http';
import { envelopesJson } from '@server/forwarding/envelope';
import { oneAtATime } from './batching';
import { createHttpClient, statusError } from './http-client';
import type { ForwardTarget, SenderFactory } from './types';

/**
 * HTTP JSON (protocol 0): the batch as one JSON array of envelopes (envelope.ts), POSTed to
 * `http(s)://host:port/`. Credentials as the forward has them: its Authorization value as is, else
 * Basic with Username and Password; API_KEY as `X-API-Key`. Any 2xx is delivered. One request at a
 * time per forward, on a kept-alive connection.
 */

/** Basic credentials (base64 of `username:password`), used when the forward has no Authorization. */
const basicOf = (target: ForwardTarget): string | null =>
  target.auth || !target.username
    ? null
    : Buffer.from(`${target.username}:${target.password ?? ''}`, 'utf8').toString('base64');

/** The credential headers a forward's fields give. */
export function credentialHeaders(target: ForwardTarget): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  const basic = basicOf(target);
  if (target.auth) headers.authorization = target.auth;
  else if (basic !== null) headers.authorization = `Basic ${basic}`;
  if (target.apiKey) headers['x-api-key'] = target.apiKey;
  return headers;
}

export const createHttpJsonSender: SenderFactory = (target, connector) => {
  const tls = connector.usesTls('http', target.port);
  const client = createHttpClient(connector, { host: target.host, port: target.port, tls });
  const headers = { 'content-type': 'application/json', ...credentialHeaders(target) };
  const secrets = [target.password, target.apiKey, target.auth, basicOf(target)];
  const where = `${tls ? 'https' : 'http'}://${target.host}:${String(target.port)}/`;
  const serial = oneAtATime();

  return {
    send: (batch) =>
      serial(async () => {
        if (batch.length === 0) return;
        const answer = await client.post('/', headers, envelopesJson(batch));
        if (answer.status < 200 || answer.status > 299) throw statusError(answer, where, secrets);
      }),
    close() {
      client.close();
      return Promise.resolve();
    },
  };
};
