/**
 * Child process of bench/hub-connections.ts: a bare Fastify with one hub, so its memory is the
 * hub's alone. Messages over IPC: it sends `{ ready, port, token }`, answers `measure` with its
 * memory after a full GC, and exits on `stop` after closing the app (which closes every hub
 * connection). Needs `--expose-gc`.
 */
import Fastify from 'fastify';
import { createTokenService } from '../src/server/auth/tokens';
import { registerHub } from '../src/server/hub/index';

export const BENCH_HUB_PATH = '/bench/hub';

export interface ServerMemory {
  rss: number;
  heapUsed: number;
  external: number;
  connections: number;
}

const app = Fastify({ logger: false });
const tokens = createTokenService('bench-hub-secret-long-enough-for-hs256', 3600);
// No database here: a signed token is enough to measure the hub's own memory.
const auth = { authenticate: (token: string) => Promise.resolve(tokens.verify(token)) };
const hub = await registerHub(
  app,
  { auth },
  {
    path: BENCH_HUB_PATH,
    methods: { Echo: (_connection, value) => value },
  },
);
const address = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));

function measure(): ServerMemory {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  gc();
  gc();
  const { rss, heapUsed, external } = process.memoryUsage();
  return { rss, heapUsed, external, connections: hub.connectionCount() };
}

process.on('message', (message: string) => {
  if (message === 'measure') process.send?.({ memory: measure() });
  if (message === 'stop') {
    void app.close().then(() => process.exit(0));
  }
});
process.send?.({
  ready: true,
  port: Number(address.port),
  token: tokens.issue({ userId: 1, role: 'Admin', customerId: 1, isReseller: false }, 'bench')
    .token,
});
