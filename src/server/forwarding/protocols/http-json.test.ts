import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '@server/receiver/common';
import { startHttpReceiver, type HttpReceiver } from '@server/receiver/http';
import { envelopeJson } from '@server/forwarding/envelope';
import {
  forwardTarget,
  OTHER_IMEI,
  outgoing,
  testConnector,
  testResolver,
  failureOf,
} from '@server/forwarding/test/protocol-fixtures';
import { createConnector } from './connector';
import { ANSWER_CAP_BYTES } from './http-client';
import { createHttpJsonSender } from './http-json';
import type { ForwardTarget, Sender } from './types';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function receiver(options: { tls?: boolean } = {}) {
  const started = await startHttpReceiver(options);
  cleanups.push(started.close);
  return started;
}

function sender(
  at: HttpReceiver,
  target: Partial<ForwardTarget> = {},
  connector = testConnector(),
) {
  const created = createHttpJsonSender(forwardTarget({ port: at.port, ...target }), connector);
  cleanups.push(() => created.close());
  return created;
}

describe('HTTP JSON sender', () => {
  it('POSTs the batch as one JSON array of envelopes to /, with Basic credentials', async () => {
    const at = await receiver();
    const batch = [
      outgoing(),
      outgoing({ messageType: 'TD', replayed: true }),
      outgoing({ imei: OTHER_IMEI }),
    ];
    await sender(at, { username: 'fleet', password: 'pa:ss wörd' }).send(batch);

    expect(at.requests).toHaveLength(1);
    const [request] = at.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from('fleet:pa:ss wörd').toString('base64')}`,
    );
    expect(request?.headers['x-api-key']).toBeUndefined();
    expect(request?.body).toBe(`[${batch.map(envelopeJson).join(',')}]`);
    expect(at.received.map((e) => [e.MessageId, e.MessageType, e.Replayed])).toEqual(
      batch.map((m) => [`${m.imei}-${String(m.rawId)}`, m.messageType, m.replayed]),
    );
    expect(at.received[0]?.Message).toEqual(JSON.parse(batch[0]?.body ?? ''));
  });

  it("sends the forward's Authorization as is (rather than Basic) and its API key", async () => {
    const at = await receiver();
    const target = { username: 'fleet', password: 'x', auth: 'Bearer abc.def', apiKey: 'k-123' };
    await sender(at, target).send([outgoing()]);
    expect(at.requests[0]?.headers.authorization).toBe('Bearer abc.def');
    expect(at.requests[0]?.headers['x-api-key']).toBe('k-123');

    await sender(at).send([outgoing()]);
    expect(at.requests[1]?.headers.authorization).toBeUndefined();
  });

  it('keeps one connection alive between batches', async () => {
    const at = await receiver();
    const http = sender(at);
    await http.send([outgoing()]);
    await http.send([outgoing()]);
    await http.send([outgoing()]);
    expect(at.received).toHaveLength(3);
    expect(at.connections).toBe(1);
  });

  it('speaks HTTPS on a TLS port, trusting the configured CA', async () => {
    const at = await receiver({ tls: true });
    const connector = testConnector({ tlsPorts: { http: [at.port] } });
    await sender(at, {}, connector).send([outgoing()]);
    expect(at.received).toHaveLength(1);
  });

  it('fails on a non-2xx answer with its status and a short, masked excerpt', async () => {
    const at = await receiver();
    at.answer = { status: 500, body: `oops\u0000 key k-123 ${'x'.repeat(1000)}` };
    const error = await failureOf(sender(at, { apiKey: 'k-123' }).send([outgoing()]));
    expect(error.status).toBe(500);
    expect(error.message).toMatch(/^HTTP 500 from http:\/\/localhost:\d+\/: oops key \*\*\* x+…$/);
    expect(error.message.length).toBeLessThan(300);
    expect(at.received).toHaveLength(0);
  });

  it('fails while the receiver is down, and delivers once it is back', async () => {
    const at = await receiver();
    const http = sender(at);
    await http.send([outgoing()]);
    await at.down();
    const error = await failureOf(http.send([outgoing()]));
    expect(error.message).toMatch(/connection refused|connection reset|connection closed/);
    await at.up();
    await http.send([outgoing(), outgoing()]);
    expect(at.received).toHaveLength(3);
  });

  it('gives up on a receiver that never answers after the answer timeout', async () => {
    const at = await receiver();
    at.answer = 'never';
    const started = Date.now();
    const error = await failureOf(
      sender(at, {}, testConnector({ answerTimeoutMs: 300 })).send([outgoing()]),
    );
    expect(error.message).toBe(`No answer from localhost:${String(at.port)} within 0.3 s`);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reads an answer body only up to the cap, then drops the connection', async () => {
    const at = await receiver();
    at.answer = 'endless';
    const http = sender(at, {}, testConnector({ answerTimeoutMs: 5_000 }));
    const started = Date.now();
    await http.send([outgoing()]);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(ANSWER_CAP_BYTES).toBe(64 * 1024);
    // The next batch opens a new connection.
    at.answer = { status: 200 };
    await http.send([outgoing()]);
    expect(at.connections).toBe(2);
  });

  it('never contacts a refused target', async () => {
    const at = await receiver();
    const connector = createConnector({ resolve: testResolver });
    const byName = await failureOf(
      sender(at, { host: 'receiver.example.com' }, connector).send([outgoing()]),
    );
    expect(byName.message).toContain('points to a loopback address (127.0.0.1)');
    const byAddress = await failureOf(
      sender(at, { host: '127.0.0.1' }, connector).send([outgoing()]),
    );
    expect(byAddress.message).toContain('127.0.0.1 is a loopback address');
    expect(at.connections).toBe(0);
  });

  it('sends one batch at a time, in call order', async () => {
    const at = await receiver();
    const http: Sender = sender(at);
    const batches = [[outgoing()], [outgoing(), outgoing()], [outgoing()]];
    await Promise.all(batches.map((batch) => http.send(batch)));
    await waitFor(() => at.received.length === 4, 'four messages');
    expect(at.received.map((e) => e.MessageId)).toEqual(
      batches.flat().map((m) => `${m.imei}-${String(m.rawId)}`),
    );
  });
});
