/**
 * Hub connections: how many concurrent SignalR WebSocket connections one server holds (goal
 * 10,000) and what each costs in server memory. The server runs alone in a child process; the
 * clients here are bare `ws` sockets that negotiate, connect and hand over the JSON handshake
 * like the stock client (which is too heavy to run 12,000 times in one process), send their
 * pings, and at the end each make one Echo round trip to prove they are alive.
 *
 * Standalone: npx tsx bench/hub-connections.ts [--connections 12000]
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { WebSocket } from 'ws';
import { BENCH_HUB_PATH, type ServerMemory } from './hub-server';
import { atLeast, atMost, meetsGoal, printBlock, type Outcome } from './report';
import { kib, round } from './stats';

const GOAL = 10_000;
/** Measured 7 KiB at 12,000 (17 KiB at 2,000): a regression guard with room for noise. */
const RSS_GOAL_KIB = 32;
const TARGET = 12_000;
/** Connections opened at the same time while ramping up. */
const RAMP_CONCURRENCY = 100;
/** Below the server's 30 s client timeout, like the stock client's 15 s keep-alive. */
const CLIENT_PING_MS = 10_000;
const RS = '\u001e';
const serverPath = fileURLToPath(new URL('./hub-server.ts', import.meta.url));

/**
 * The soft limit of open files (Linux), which the server child inherits: each side holds one
 * descriptor per connection. NaN where /proc is missing.
 */
function openFileLimit(): number {
  try {
    const line = /^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    return Number(line?.[1]);
  } catch {
    return Number.NaN;
  }
}

interface Server {
  port: number;
  token: string;
  child: ChildProcess;
}

function startServer(): Promise<Server> {
  const child = fork(serverPath, { execArgv: ['--import', 'tsx', '--expose-gc'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      reject(new Error(`hub server exited with code ${code}`));
    });
    child.once('message', (message: { port: number; token: string }) => {
      resolve({ port: message.port, token: message.token, child });
    });
  });
}

function measure(child: ChildProcess): Promise<ServerMemory> {
  return new Promise((resolve) => {
    child.once('message', (message: { memory: ServerMemory }) => {
      resolve(message.memory);
    });
    child.send('measure');
  });
}

/** Negotiates, opens the WebSocket and completes the handshake; resolves with the open socket. */
async function connect(server: Server): Promise<WebSocket> {
  const base = `127.0.0.1:${server.port}${BENCH_HUB_PATH}`;
  const headers = { authorization: `Bearer ${server.token}` };
  const response = await fetch(`http://${base}/negotiate?negotiateVersion=1`, {
    method: 'POST',
    headers,
  });
  if (!response.ok) throw new Error(`negotiate: HTTP ${response.status}`);
  const { connectionToken } = (await response.json()) as { connectionToken: string };
  const socket = new WebSocket(`ws://${base}?id=${connectionToken}`, {
    headers,
    perMessageDeflate: false,
  });
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () => {
      socket.send(JSON.stringify({ protocol: 'json', version: 1 }) + RS);
    });
    socket.once('message', (data: Buffer) => {
      if (data.toString() === '{}' + RS) resolve(socket);
      else reject(new Error(`handshake answer: ${data.toString()}`));
    });
  });
}

/**
 * Opens up to `target` connections into `sockets`, `RAMP_CONCURRENCY` at a time; stops at the
 * first failure.
 */
async function openAll(server: Server, target: number, sockets: WebSocket[]) {
  let firstError: string | undefined;
  let next = 0;
  const worker = async () => {
    while (next < target && !firstError) {
      next++;
      try {
        sockets.push(await connect(server));
      } catch (error) {
        firstError ??= (error as Error).message;
      }
    }
  };
  await Promise.all(Array.from({ length: RAMP_CONCURRENCY }, worker));
  return firstError;
}

/** Every socket invokes Echo once; counts the completions that come back. */
async function echoRound(sockets: WebSocket[], timeoutMs = 60_000): Promise<number> {
  let answered = 0;
  await Promise.all(
    sockets.map(
      (socket, i) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, timeoutMs);
          const onMessage = (data: Buffer) => {
            if (!data.toString().includes(`"invocationId":"${i}"`)) return;
            answered++;
            clearTimeout(timer);
            socket.off('message', onMessage);
            resolve();
          };
          socket.on('message', onMessage);
          const invocation = { type: 1, invocationId: String(i), target: 'Echo', arguments: [i] };
          socket.send(JSON.stringify(invocation) + RS);
        }),
    ),
  );
  return answered;
}

const MiB = 1024 * 1024;

interface Run {
  target: number;
  fileLimit: number;
  opened: number;
  alive: number;
  firstError: string | undefined;
  openSeconds: number;
  echoSeconds: number;
  before: ServerMemory;
  after: ServerMemory;
}

function report(run: Run): Outcome {
  const { before, after } = run;
  const held = Math.min(run.alive, after.connections);
  const perConnection = (key: 'rss' | 'heapUsed' | 'external') =>
    held > 0 ? kib((after[key] - before[key]) / held) : Number.NaN;
  const perConnectionKiB = {
    rss: perConnection('rss'),
    heapUsed: perConnection('heapUsed'),
    external: perConnection('external'),
  };
  printBlock('Hub connections (WebSockets, JSON protocol)', [
    `opened ${run.opened}/${run.target} in ${round(run.openSeconds)} s ` +
      `(open-file limit ${run.fileLimit})` +
      (run.firstError ? ` (first failure: ${run.firstError})` : ''),
    `alive (Echo round trip): ${run.alive} in ${round(run.echoSeconds)} s; ` +
      `server counts ${after.connections}`,
    `server RSS ${round(before.rss / MiB)} → ${round(after.rss / MiB)} MiB, heap ` +
      `${round(before.heapUsed / MiB)} → ${round(after.heapUsed / MiB)} MiB`,
    `per connection: RSS ${perConnectionKiB.rss} KiB, heap ${perConnectionKiB.heapUsed} KiB, ` +
      `external ${perConnectionKiB.external} KiB`,
    `goals: >= ${GOAL} connections held, <= ${RSS_GOAL_KIB} KiB RSS per connection`,
  ]);
  return {
    metrics: [
      { name: 'hub connections held', value: held, unit: 'conn', goal: atLeast(GOAL) },
      {
        name: 'hub RSS per connection',
        value: perConnectionKiB.rss,
        unit: 'KiB',
        goal: atMost(RSS_GOAL_KIB),
      },
      { name: 'hub heap per connection', value: perConnectionKiB.heapUsed, unit: 'KiB' },
      {
        name: 'hub connections opened',
        value: round(run.opened / run.openSeconds),
        unit: 'conn/s',
      },
    ],
    details: { ...run, held, perConnectionKiB },
  };
}

export async function benchHubConnections(target = TARGET): Promise<Outcome> {
  const fileLimit = openFileLimit();
  if (fileLimit < target + 500) {
    console.log(
      `[hub] open-file limit ${fileLimit} is below ${target} connections + margin: ` +
        `run \`ulimit -n ${target + 1000}\` first, or expect the ramp to stop early`,
    );
  }
  const server = await startServer();
  const sockets: WebSocket[] = [];
  // Opening 12,000 may take longer than the server's 30 s client timeout: clients ping meanwhile.
  const keepAlive = setInterval(() => {
    for (const socket of sockets) socket.send(`{"type":6}${RS}`);
  }, CLIENT_PING_MS);
  try {
    // One connection first so the code paths are loaded before the baseline.
    const warm = await connect(server);
    warm.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = await measure(server.child);

    const started = performance.now();
    const firstError = await openAll(server, target, sockets);
    const openSeconds = (performance.now() - started) / 1000;
    const echoStarted = performance.now();
    const alive = await echoRound(sockets);
    const echoSeconds = (performance.now() - echoStarted) / 1000;
    const after = await measure(server.child);
    return report({
      target,
      fileLimit,
      opened: sockets.length,
      alive,
      firstError,
      openSeconds,
      echoSeconds,
      before,
      after,
    });
  } finally {
    clearInterval(keepAlive);
    for (const socket of sockets) socket.terminate();
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.send('stop');
    await exited;
  }
}

// Standalone: npx tsx bench/hub-connections.ts [--connections 12000]
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { connections: { type: 'string' } } });
  benchHubConnections(values.connections ? Number(values.connections) : undefined).then(
    (result) => {
      const missed = result.metrics.some((m) => meetsGoal(m) === false);
      process.exit(missed ? 1 : 0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(2);
    },
  );
}
