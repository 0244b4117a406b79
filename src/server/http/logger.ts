import type { Writable } from 'node:stream';
import {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * Where the server's JSON log lines go: stdout, without ever blocking the event loop. pino's
 * default destination buffers without limit while stdout is full and, at exit, writes the rest
 * synchronously, retrying EAGAIN with `Atomics.wait` for as long as nobody reads, so a server
 * whose log reader stalled could not even exit. This one hands lines to the stream's own
 * asynchronous writes, keeps at most `maxBufferedBytes` waiting, drops (and counts) what does not
 * fit or cannot be written any more, and is never flushed synchronously. (Node writes pipes and
 * sockets asynchronously, files synchronously, and terminals synchronously: a terminal paused
 * with Ctrl-S still holds the server up, so production stdout should be a pipe or a file.)
 */
export interface LogDestination {
  /** Takes one line (or the start-up banner); never blocks, never throws. */
  write(line: string): void;
  /** Lines dropped so far: stdout was full, too slow, or closed. */
  readonly dropped: number;
  /** Resolves once the buffered lines are written, stdout is gone, or `timeoutMs` has passed. */
  drained(timeoutMs: number): Promise<void>;
}

export const MAX_BUFFERED_LOG_BYTES = 1024 * 1024;

export function createLogDestination(
  out: Writable = process.stdout,
  maxBufferedBytes = MAX_BUFFERED_LOG_BYTES,
): LogDestination {
  let dropped = 0;
  let unreported = 0;
  let broken = false;
  // A closed reader (EPIPE) or a bad descriptor: stop writing instead of failing every line.
  // The listener also keeps such an error from crashing the process as an unhandled 'error'.
  out.on('error', () => {
    broken = true;
  });

  /** A warning line with the count of lines lost since the last one. */
  const dropReport = () => {
    const line = { level: 40, time: Date.now(), dropped: unreported, msg: 'log lines dropped' };
    unreported = 0;
    return `${JSON.stringify(line)}\n`;
  };

  return {
    get dropped() {
      return dropped;
    },

    write(line) {
      if (broken || out.destroyed || out.writableLength + line.length > maxBufferedBytes) {
        dropped++;
        unreported++;
        return;
      }
      // Once there is room again, the log says how many lines it lost before going on.
      out.write(unreported > 0 ? dropReport() + line : line);
    },

    async drained(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      // Polled: 'drain' only follows a write that found the buffer full.
      while (!broken && !out.destroyed && out.writableLength > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

/** Query parameters whose values are credentials (the hub's token, spec: SignalR). */
const SECRET_PARAMETERS = new Set(['access_token']);

/** The URL with credential values in its query replaced, for logs. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const pairs = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return SECRET_PARAMETERS.has(decodedName(name)) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, query)}?${pairs.join('&')}`;
}

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/**
 * The server's logger options: `level` and the non-blocking destination. Requests are logged
 * without headers (no Authorization, no cookies) and with credentials in URLs redacted; the
 * redact paths catch headers logged by hand.
 */
export function serverLoggerOptions(level: string, destination: LogDestination): LoggerOptions {
  return {
    level,
    stream: destination,
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket.remotePort,
      }),
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
  };
}

/**
 * One line per request, written when it is answered: method, URL (credentials redacted), client,
 * status and time. Fastify's own controller writes two, one when a request comes in (the only
 * one with the URL) and one when it is answered. Pass a new one to each app (`logController`).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {
    // Written with the answer instead.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
