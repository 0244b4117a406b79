import http, { type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';
import type { Duplex } from 'node:stream';
import { describeNetworkError } from './connector';
import { DeliveryError, type Connector } from './types';

/**
 * HTTP(S) POSTs through the connector, for the HTTP JSON and Azure IoT hub senders. Node's HTTP
 * client does the protocol; its sockets come from `connector.connect` (checked address, TLS), kept
 * alive per forward. An answer counts for its status only: at most ANSWER_CAP_BYTES of its body are
 * read (the rest is dropped with the connection), and only a short, cleaned excerpt of a failure's
 * body reaches the forward's health.
 */

export const ANSWER_CAP_BYTES = 64 * 1024;
const EXCERPT_CHARS = 200;

export interface HttpAnswer {
  status: number;
  /** Up to ANSWER_CAP_BYTES of the body. */
  body: Buffer;
}

export interface HttpClient {
  post(path: string, headers: OutgoingHttpHeaders, body: string): Promise<HttpAnswer>;
  close(): void;
}

/** An http.Agent whose new sockets come from the connector (keep-alive pooling stays Node's). */
class ConnectorAgent extends http.Agent {
  constructor(
    private readonly connector: Connector,
    private readonly target: { host: string; port: number; tls: boolean },
    maxSockets: number,
  ) {
    super({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
  }

  override createConnection(
    _options: http.ClientRequestArgs,
    callback?: (error: Error | null, stream: Duplex) => void,
  ): null {
    const { host, port, tls } = this.target;
    this.connector.connect(host, port, { tls }).then(
      (socket) => callback?.(null, socket),
      (error: unknown) => callback?.(error as Error, undefined as unknown as Duplex),
    );
    return null;
  }
}

/** The Host header: the port only when it is not the scheme's default; IPv6 in brackets. */
function hostHeader(host: string, port: number, tls: boolean): string {
  const name = isIP(host) === 6 ? `[${host}]` : host;
  return port === (tls ? 443 : 80) ? name : `${name}:${String(port)}`;
}

/** A failure's body as a short, printable excerpt, with the forward's own secrets masked. */
export function answerExcerpt(body: Buffer, secrets: readonly (string | null)[] = []): string {
  let text = body
    .subarray(0, EXCERPT_CHARS * 4)
    .toString('utf8')
    .replace(/[^\x20-\x7e\u00a0-\uffff]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  // A receiver echoing our request must not put a credential into the forward's log.
  for (const secret of secrets) {
    if (secret !== null && secret.length >= 4) text = text.split(secret).join('***');
  }
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text;
}

/** "HTTP 500 from host:port: excerpt" as a DeliveryError with the status. */
export function statusError(
  answer: HttpAnswer,
  where: string,
  secrets: readonly (string | null)[],
): DeliveryError {
  const excerpt = answerExcerpt(answer.body, secrets);
  return new DeliveryError(
    `HTTP ${String(answer.status)} from ${where}${excerpt ? `: ${excerpt}` : ''}`,
    answer.status,
  );
}

function readCapped(response: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      const room = ANSWER_CAP_BYTES - size;
      chunks.push(chunk.subarray(0, room));
      size += Math.min(chunk.length, room);
      if (chunk.length >= room) {
        // Enough: the status is what counts. Closing drops the rest (and the connection).
        response.destroy();
        resolve(Buffer.concat(chunks));
      }
    });
    response.once('end', () => {
      resolve(Buffer.concat(chunks));
    });
    response.on('error', reject);
    response.once('close', () => {
      resolve(Buffer.concat(chunks));
    });
  });
}

export function createHttpClient(
  connector: Connector,
  target: { host: string; port: number; tls: boolean; maxSockets?: number },
): HttpClient {
  const agent = new ConnectorAgent(connector, target, target.maxSockets ?? 1);
  const where = `${target.host}:${String(target.port)}`;

  function once(path: string, headers: OutgoingHttpHeaders, body: string) {
    return new Promise<{ answer?: HttpAnswer; error?: unknown; reused: boolean }>((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      let answer: HttpAnswer | undefined;
      /** The body handed whole to the connection (true), or why not. */
      let written: true | Error | undefined;
      const request = http.request({
        agent,
        method: 'POST',
        host: target.host,
        port: target.port,
        path,
        headers: {
          ...headers,
          host: hostHeader(target.host, target.port, target.tls),
          'content-length': Buffer.byteLength(body),
        },
      });
      const settle = (outcome: { answer?: HttpAnswer; error?: unknown }) => {
        clearTimeout(timer);
        resolve({ ...outcome, reused: request.reusedSocket });
      };
      // A receiver may answer before it has read the whole request, then drop the rest: its 2xx
      // counts only once the whole batch went out. Any other status says why at once.
      const decide = () => {
        if (answer === undefined) return;
        if (answer.status < 200 || answer.status > 299 || written === true) settle({ answer });
        else if (written !== undefined) settle({ error: written });
      };
      // The answer's clock starts once a connected socket is assigned (connecting has its own).
      request.once('socket', () => {
        timer = setTimeout(() => {
          const seconds = String(connector.answerTimeoutMs / 1000);
          const error = new DeliveryError(`No answer from ${where} within ${seconds} s`);
          request.destroy(error);
          settle({ error });
        }, connector.answerTimeoutMs);
      });
      request.on('error', (error) => {
        settle({ error });
      });
      request.once('response', (response) => {
        readCapped(response).then(
          (answerBody) => {
            answer = { status: response.statusCode ?? 0, body: answerBody };
            decide();
          },
          (error: unknown) => {
            settle({ error });
          },
        );
      });
      request.write(body, (error) => {
        // A write cut short by the connection's end reports no error of its own.
        const socket = request.socket;
        written =
          error ?? socket?.errored ?? (socket?.destroyed ? new Error('connection closed') : true);
        decide();
      });
      request.end();
    });
  }

  return {
    async post(path, headers, body) {
      let outcome = await once(path, headers, body);
      // A kept-alive socket the receiver closed meanwhile fails at once: try a fresh one, once.
      if (
        outcome.error !== undefined &&
        outcome.reused &&
        !(outcome.error instanceof DeliveryError)
      ) {
        outcome = await once(path, headers, body);
      }
      if (outcome.answer) return outcome.answer;
      if (outcome.error instanceof DeliveryError) throw outcome.error;
      throw new DeliveryError(`Sending to ${where} failed: ${describeNetworkError(outcome.error)}`);
    },
    close() {
      agent.destroy();
    },
  };
}
