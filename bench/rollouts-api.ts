/**
 * The rollouts benchmark's side of bench/rollouts-server.ts: forks the server process, and
 * calls its API over HTTP as the rollout screens do (JSON, the admin's bearer token), timing
 * each call.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { apiPaths } from '../src/shared/api/api-paths';
import type { Firmware } from '../src/shared/libraries/firmware-library';
import { FIRMWARE_FILE } from '../src/shared/libraries/library-files';
import type { OpenOptions } from '../src/server/db/client';
import type * as Server from './rollouts-server';

const serverPath = fileURLToPath(new URL('./rollouts-server.ts', import.meta.url));

/** Sends `message` to the server process and waits for its next answer. */
function ask<T extends Server.FromServer>(child: ChildProcess, message: Server.ToServer) {
  return new Promise<T>((resolve, reject) => {
    const exited = (code: unknown) => {
      reject(new Error(`rollouts server exited (${String(code)})`));
    };
    if (child.exitCode !== null) {
      exited(child.exitCode);
      return;
    }
    child.once('exit', exited);
    child.once('message', (reply) => {
      child.off('exit', exited);
      resolve(reply as T);
    });
    child.send(message);
  });
}

export interface Timed<T> {
  status: number;
  body: T;
  ms: number;
}

export interface RolloutServer extends Server.Ready {
  /** Calls the API as the admin; answers the status, the parsed body and the time it took. */
  call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Timed<T>>;
  /** Like `call`, but anything but 200 is an error. */
  ok<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Timed<T>>;
  /** A firmware with a file of `bytes`, uploaded as the Firmware screen does (multipart). */
  addFirmware(version: string, deviceType: number, bytes: Uint8Array): Promise<Firmware>;
  stats(): Promise<Server.ServerStats>;
  /** Runs SQL on the server's database, in one transaction (the benchmark's setup). */
  exec(...statements: string[]): Promise<void>;
  stop(): Promise<void>;
}

export async function startRolloutServer(
  options: OpenOptions,
  secretsKey: string,
  devicePort: boolean,
): Promise<RolloutServer> {
  // BENCH_PROFILE_DIR=/some/dir writes a V8 CPU profile of the server (open it in DevTools).
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  const child = fork(serverPath, { execArgv: [...profile, '--import', 'tsx'] });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const gone = once(child, 'exit');
    child.send('stop');
    await gone;
  };
  let ready: Server.Ready;
  try {
    ready = await ask<Server.Ready>(child, { options, secretsKey, devicePort });
  } catch (error) {
    await stop();
    throw error;
  }
  const authorization = `Bearer ${ready.token}`;
  const raw = async (
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<Timed<unknown>> => {
    const start = performance.now();
    const response = await fetch(ready.apiBase + path, {
      method,
      headers: {
        authorization,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const ms = performance.now() - start;
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null, ms };
  };
  // The caller names the answer's type, as fetch's json() lets it.
  const call: RolloutServer['call'] = (method, path, body) =>
    raw(method, path, body) as Promise<Timed<never>>;
  const ok: RolloutServer['ok'] = async (method, path, body) => {
    const answer = await raw(method, path, body);
    if (answer.status !== 200)
      throw new Error(
        `${method} ${path}: HTTP ${String(answer.status)} ${JSON.stringify(answer.body)}`,
      );
    return answer as Timed<never>;
  };
  return {
    ...ready,
    call,
    ok,
    async addFirmware(version, deviceType, bytes) {
      const form = new FormData();
      const fields = { Version: version, Release: 'true', FirmwareFlag: '2', Active: 'true' };
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('DeviceType', String(deviceType));
      const name = `qan_${String(deviceType)}_${version}.fota`;
      form.append(FIRMWARE_FILE.part, new Blob([Uint8Array.from(bytes)]), name);
      form.append('Filename', name);
      const response = await fetch(ready.apiBase + apiPaths.firmwares, {
        method: 'POST',
        headers: { authorization },
        body: form,
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`firmware upload: HTTP ${String(response.status)} ${text}`);
      return JSON.parse(text) as Firmware;
    },
    stats: () => ask<Server.ServerStats>(child, 'stats'),
    exec: async (...statements) => {
      await ask<Server.Done>(child, { exec: statements });
    },
    stop,
  };
}
