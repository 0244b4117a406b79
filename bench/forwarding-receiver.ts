/**
 * Child-process side of forwarding.ts: an HTTP JSON forward receiver that only counts. For each
 * envelope it records the delay from the server's receive time (`ReceivedAt`, just before the
 * device's acknowledgement) to its arrival here, and its MessageId for duplicates. A process of
 * its own, so receiving does not share the server's event loop. Driven over IPC: `down`, `up`,
 * `reset`, `stats`.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface ReceiverStats {
  received: number;
  unique: number;
  /** Lag percentiles since the last reset (ms). */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  firstAt: number | null;
  lastAt: number | null;
}

export type ReceiverCommand = 'down' | 'up' | 'reset' | 'stats';

let lags: number[] = [];
let received = 0;
let firstAt: number | null = null;
let lastAt: number | null = null;
const ids = new Set<string>();
const sockets = new Set<Socket>();

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.once('end', () => {
    const now = Date.now();
    const batch = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      MessageId: string;
      ReceivedAt: string;
    }[];
    for (const envelope of batch) {
      lags.push(now - Date.parse(envelope.ReceivedAt));
      ids.add(envelope.MessageId);
    }
    received += batch.length;
    firstAt ??= now;
    lastAt = now;
    response.writeHead(200, { 'content-length': 0 }).end();
  });
});
server.on('connection', (socket) => {
  sockets.add(socket);
  socket.once('close', () => sockets.delete(socket));
});

let port = 0;
const listen = () =>
  new Promise<void>((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      port = (server.address() as AddressInfo).port;
      resolve();
    });
  });

process.on('message', (command: ReceiverCommand) => {
  void (async () => {
    if (command === 'down') {
      // Refused from now on, and open connections dropped: the forward's sends fail at once.
      await new Promise((resolve) => {
        server.close(resolve);
        for (const socket of sockets) socket.destroy();
      });
    } else if (command === 'up') await listen();
    else if (command === 'reset') {
      lags = [];
      received = 0;
      firstAt = lastAt = null;
      ids.clear();
    }
    const sorted = [...lags].sort((a, b) => a - b);
    const stats: ReceiverStats = {
      received,
      unique: ids.size,
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      maxMs: sorted.at(-1) ?? Number.NaN,
      firstAt,
      lastAt,
    };
    process.send?.({ command, port, stats });
  })();
});

await listen();
process.send?.({ command: 'ready', port });
