import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, afterEach, describe, expect, it } from 'vitest';
import {
  exitWithin,
  freePort,
  killServer,
  spawnServer,
  waitForHealth,
  type ServerChild,
} from './test/child-server';
import { fillWithSeededDemo } from '@server/test/seeded-data-dir';

// main.ts's forced exit; the server must be gone by then whatever its stdout does.
const GRACE_MS = 10_000;
// The first start loads the demo data into the embedded database: minutes on a busy machine.
const START_MS = 400_000;

/**
 * The real server entry as a child process whose stdout is read, never read or closed: logging
 * must never stop it from serving or from shutting down.
 */
describe('the server and its log reader', () => {
  // One data dir for all: only the first start pays for the demo data.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fp-logging-'));
  let child: ServerChild | undefined;
  afterEach(() => killServer(child));
  // Seeded ahead: this file tests serving and stopping, not the first start's demo load.
  beforeAll(() => fillWithSeededDemo(dataDir));
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(handleStdout: (child: ServerChild) => void) {
    const port = await freePort();
    child = spawnServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: dataDir, // the API alone
      DEVICE_PORT: '0',
      LOG_LEVEL: 'info',
      // A pipe is no terminal: JSON lines whatever the developer's shell says.
      LOG_FORMAT: undefined,
      NODE_ENV: undefined,
      TRUST_PROXY: '',
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    handleStdout(child);
    const baseUrl = `http://127.0.0.1:${port}/`;
    await waitForHealth(baseUrl, child, START_MS).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${stderr}`);
    });
    return { child, baseUrl };
  }

  /** `count` requests with long URLs, `parallel` at a time: about 1.3 KB of log each. */
  async function request(baseUrl: string, count: number, parallel = 8): Promise<number> {
    let answered = 0;
    let next = 0;
    const url = new URL(`api/health?padding=${'x'.repeat(1000)}`, baseUrl);
    const worker = async () => {
      while (next < count) {
        next++;
        const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
        await response.text();
        if (response.ok) answered++;
      }
    };
    await Promise.all(Array.from({ length: parallel }, worker));
    return answered;
  }

  it(
    'logs requests without credentials: no access_token values, Authorization or cookies',
    async () => {
      let stdout = '';
      const { child, baseUrl } = await start((c) =>
        c.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString())),
      );
      const secret = 'SECRET-7c1e';
      await fetch(new URL(`api/socketdevicetests?id=x&access_token=${secret}-1`, baseUrl));
      await fetch(new URL(`api/health?access_token=${secret}-2&other=1`, baseUrl), {
        headers: { authorization: `Bearer ${secret}-3`, cookie: `fp_refresh=${secret}-4` },
      });
      child.kill('SIGTERM');
      expect(await exitWithin(child, GRACE_MS)).not.toBeNull();

      expect(stdout).toContain('/api/health?access_token=[redacted]&other=1');
      expect(stdout).toContain('/api/socketdevicetests?id=x&access_token=[redacted]');
      expect(stdout).not.toContain(secret);
    },
    START_MS + 30_000,
  );

  it(
    'logs one JSON line per request, with its method, URL, status and time',
    async () => {
      let stdout = '';
      const { child, baseUrl } = await start((c) =>
        c.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString())),
      );
      await (await fetch(new URL('api/health?probe=json-line', baseUrl))).text();
      child.kill('SIGTERM');
      expect(await exitWithin(child, GRACE_MS)).not.toBeNull();

      const lines = stdout.split('\n').filter((line) => line.includes('probe=json-line'));
      expect(lines).toHaveLength(1);
      const line = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
      expect(line).toMatchObject({
        msg: 'request completed',
        req: { method: 'GET', url: '/api/health?probe=json-line' },
        res: { statusCode: 200 },
      });
      expect(line.responseTime).toBeTypeOf('number');
      expect(stdout).not.toContain('incoming request');
    },
    START_MS + 30_000,
  );

  it(
    'keeps serving and stops within its grace period when stdout is never read',
    async () => {
      const { child, baseUrl } = await start((c) => c.stdout.pause());
      // About 4 MB of log lines: far more than the pipe and the server's log buffer hold.
      expect(await request(baseUrl, 3_000)).toBe(3_000);

      child.kill('SIGTERM');
      expect(await exitWithin(child, GRACE_MS)).not.toBeNull();
      expect(child.exitCode).toBe(0);
    },
    START_MS + 60_000,
  );

  it(
    'starts, serves and stops within its grace period when stdout’s reader is gone',
    async () => {
      const { child, baseUrl } = await start((c) => c.stdout.destroy());
      expect(await request(baseUrl, 300)).toBe(300);

      child.kill('SIGTERM');
      expect(await exitWithin(child, GRACE_MS)).not.toBeNull();
      expect(child.exitCode).toBe(0);
    },
    START_MS + 30_000,
  );
});
