import http, {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import https from 'node:https';
import { isEnvelope, summaryOf, TEST_TLS, type Envelope, type OnMessage, serve } from './common';

/**
 * An HTTP JSON forward's receiver: takes `POST /` with a JSON array of envelopes and answers 200
 * (or what `answer` says). HTTPS with the test certificate when `tls` is set.
 */

/** How the receiver answers: a status (messages count as received only for a 2xx), never, or a
 * 200 whose body never ends. */
export type HttpAnswerMode = { status: number; body?: string } | 'never' | 'endless';

export interface HttpRequestSeen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface HttpReceiver {
  readonly port: number;
  /** Envelopes of requests answered with a 2xx, in arrival order. */
  readonly received: Envelope[];
  /** Every request, whatever it was answered. */
  readonly requests: HttpRequestSeen[];
  /** TCP connections accepted so far. */
  readonly connections: number;
  answer: HttpAnswerMode;
  /** Stops listening and drops connections, until up() (same port). */
  down: () => Promise<void>;
  up: () => Promise<void>;
  close: () => Promise<void>;
}

export interface HttpReceiverOptions {
  port?: number;
  host?: string;
  tls?: boolean;
  onMessage?: OnMessage;
}

const MAX_BODY = 16 * 1024 * 1024;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) request.destroy(new Error('body too large'));
      else chunks.push(chunk);
    });
    request.once('end', () => {
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    request.once('error', reject);
  });
}

/** A 200 whose body never ends: chunks for as long as the client reads. */
function answerEndlessly(response: ServerResponse) {
  response.writeHead(200, { 'content-type': 'text/plain' });
  const chunk = Buffer.alloc(16 * 1024, 'x');
  const pump = () => {
    while (!response.destroyed && response.write(chunk));
  };
  response.on('drain', pump);
  pump();
}

export async function startHttpReceiver(options: HttpReceiverOptions = {}): Promise<HttpReceiver> {
  const host = options.host ?? '127.0.0.1';
  const received: Envelope[] = [];
  const requests: HttpRequestSeen[] = [];

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request);
    requests.push({
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
      body,
    });
    const mode = receiver.answer;
    if (mode === 'never') return;
    if (mode === 'endless') {
      answerEndlessly(response);
      return;
    }
    if (mode.status >= 200 && mode.status <= 299) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        response.writeHead(400).end('not JSON');
        return;
      }
      const envelopes = Array.isArray(parsed) ? parsed.filter(isEnvelope) : [];
      for (const envelope of envelopes) {
        received.push(envelope);
        options.onMessage?.(summaryOf(envelope));
      }
    }
    response.writeHead(mode.status, { 'content-type': 'text/plain' }).end(mode.body ?? '');
  };
  const listener = (request: IncomingMessage, response: ServerResponse) => {
    handle(request, response).catch(() => {
      response.destroy();
    });
  };
  const server = options.tls
    ? https.createServer({ cert: TEST_TLS.cert, key: TEST_TLS.key }, listener)
    : http.createServer(listener);
  const served = await serve(server, options.port ?? 0, host);
  // Assigned onto `served`, so its getters stay live.
  const receiver: HttpReceiver = Object.assign(served, {
    received,
    requests,
    answer: { status: 200 },
  });
  return receiver;
}
