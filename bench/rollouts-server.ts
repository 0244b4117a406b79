/**
 * Child process of the rollouts benchmark (bench/rollouts.ts, bench/rollouts-fleet.ts): the API
 * (buildApp, rollout engine at its defaults) on the benchmark's database, alone in a fresh
 * process as in production and as bench/tacho-api-process.ts measures it, and optionally the
 * device port (the link alone, as DEVICE_PORT serves it). Messages over IPC: it receives a
 * `Start` and answers `Ready` (the demo admin signed in); `stats` answers the process's CPU
 * time, its longest event-loop stall since the last `stats` and the device link's counters;
 * `Exec` runs the benchmark's own SQL on the server's database (PGlite admits no second
 * process) and answers `Done`; `stop` closes the ports and the database and exits.
 */
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { API_BASE, apiPaths } from '../src/shared/api/api-paths';
import type { LoginResponse } from '../src/shared/access/auth';
import { DEVICE_LINK_PATH } from '../src/shared/devices/device-link';
import { buildApp } from '../src/server/app';
import { openDatabase, type OpenOptions } from '../src/server/db/client';
import { DEMO_PASSWORD } from '../src/server/seed/demo';
import { buildDeviceLinkApp } from '../src/server/devices-link/device-app';
import type { DeviceLinkStats } from '../src/server/devices-link/link';

export interface Start {
  options: OpenOptions;
  /** The key the device credentials were sealed with (any key when no device talks). */
  secretsKey: string;
  devicePort: boolean;
}

export interface Ready {
  /** `http://127.0.0.1:{port}/api/` */
  apiBase: string;
  /** The device link on the device port, or null without one. */
  deviceUrl: string | null;
  /** The demo admin's access token. */
  token: string;
}

export interface ServerStats {
  /** User + system CPU of the server process so far, in ms. */
  cpuMs: number;
  /** The longest the event loop was blocked since the last `stats`, in ms. */
  maxStallMs: number;
  link: DeviceLinkStats;
}

/** SQL statements the benchmark runs between its API calls, in one transaction. */
export interface Exec {
  exec: string[];
}
export interface Done {
  done: true;
}

export type ToServer = Start | Exec | 'stats' | 'stop';
export type FromServer = Ready | ServerStats | Done;

const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
let close = (): Promise<void> => Promise.resolve();
let stats = (): ServerStats => {
  throw new Error('stats asked for before start');
};
let exec = (_statements: readonly string[]): Promise<void> => {
  throw new Error('exec asked for before start');
};

async function start(message: Start): Promise<Ready> {
  const database = await openDatabase(message.options);
  const app = await buildApp({
    database,
    tokenSecret: randomBytes(32).toString('base64url'),
    secretsKey: message.secretsKey,
    // One sign-in must outlast the run (15 minutes by default).
    tokenTtlSeconds: 4 * 3600,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const devices = message.devicePort ? await buildDeviceLinkApp({ link: app.deviceLink }) : null;
  const deviceBase = devices ? await devices.listen({ host: '127.0.0.1', port: 0 }) : null;
  close = async () => {
    await devices?.close();
    await app.close();
    await database.close();
  };
  exec = (statements) =>
    database.db.transaction(async (tx) => {
      for (const statement of statements) await tx.execute(sql.raw(statement));
    });
  stats = () => {
    const cpu = process.cpuUsage();
    const maxStallMs = loop.max / 1e6;
    loop.reset();
    return { cpuMs: (cpu.user + cpu.system) / 1000, maxStallMs, link: app.deviceLink.stats() };
  };
  const { port } = app.server.address() as AddressInfo;
  const apiBase = `http://127.0.0.1:${String(port)}${API_BASE}`;
  const response = await fetch(apiBase + apiPaths.login, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: 'admin@demo.test', Password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`admin sign-in: HTTP ${String(response.status)}`);
  const { AccessToken } = (await response.json()) as LoginResponse;
  return {
    apiBase,
    deviceUrl: deviceBase ? `${deviceBase}${DEVICE_LINK_PATH}` : null,
    token: AccessToken,
  };
}

async function answer(message: ToServer): Promise<FromServer | undefined> {
  if (message === 'stats') return stats();
  if (message === 'stop') {
    await close();
    process.exit(0);
  }
  if ('exec' in message) {
    await exec(message.exec);
    return { done: true };
  }
  return start(message);
}

process.on('message', (message: ToServer) => {
  answer(message).then(
    (reply) => {
      if (reply) process.send?.(reply);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
