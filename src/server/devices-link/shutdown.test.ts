import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_LINK_PATH } from '@shared/devices/device-link';
import {
  exitWithin,
  freePort,
  killServer,
  spawnServer,
  waitForHealth,
  type ServerChild,
} from '@server/test/child-server';
import { signDeviceMessage } from '@server/auth/device-signing';
import { fillWithSeededDemo } from '@server/test/seeded-data-dir';

// Issue 25: on SIGTERM under device load, requests got connection resets. The real server under
// load on both its ports: every request is answered as usual or 503 with Retry-After; once
// nothing listens, a new connection is refused (nothing was sent on it); no reset, no hang.
// The first start loads the demo data: minutes on a busy 2-core machine.
const START_MS = 400_000;
const GRACE_MS = 10_000;
const WORKERS_PER_PORT = 12;

interface Outcomes {
  stored: number;
  comeBackLater: number;
  refused: number;
  /** Anything else: a reset, a hang-up, an answer without Retry-After. */
  wrong: string[];
}

describe.skipIf(process.env.TEST_DATABASE_URL)('a server stopped under device load', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fp-shutdown-'));
  let child: ServerChild | undefined;
  // Seeded ahead: this file tests serving and stopping, not the first start's demo load.
  beforeAll(() => fillWithSeededDemo(dataDir));
  afterAll(async () => {
    await killServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'answers every request it took, tells the rest to come back, and resets none',
    async () => {
      const port = await freePort();
      const devicePort = await freePort();
      child = spawnServer({
        PORT: String(port),
        DEVICE_PORT: String(devicePort),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        STATIC_DIR: path.join(dataDir, 'no-pwa'),
        LOG_LEVEL: 'warn',
        FORWARDING: 'off',
        DATABASE_URL: '',
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await waitForHealth(`http://127.0.0.1:${String(port)}/`, child, START_MS).catch(
        (error: unknown) => {
          throw new Error(`${String(error)}\n${output}`);
        },
      );
      const credentials = Object.entries(
        JSON.parse(
          readFileSync(path.join(dataDir, 'demo-device-credentials.json'), 'utf8'),
        ) as Record<string, string>,
      ).slice(0, 2 * WORKERS_PER_PORT);

      const outcomes: Outcomes = { stored: 0, comeBackLater: 0, refused: 0, wrong: [] };
      /** One device posting message after message until the server refuses connections. */
      const device = async (target: number, imei: string, credential: string) => {
        const url = `http://127.0.0.1:${String(target)}${DEVICE_LINK_PATH}`;
        for (let seq = 0; ; seq++) {
          const body = JSON.stringify({ IMEI: imei, Seq: seq });
          try {
            const response = await fetch(url, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                ...signDeviceMessage(credential, body),
              },
              body,
              signal: AbortSignal.timeout(GRACE_MS + 5_000),
            });
            const text = await response.text();
            if (response.status === 200) outcomes.stored++;
            else if (response.status === 503 && Number(response.headers.get('retry-after')) > 0)
              outcomes.comeBackLater++;
            else outcomes.wrong.push(`${String(response.status)} ${text}`);
          } catch (error) {
            const cause = (error as { cause?: { code?: string; message?: string } }).cause;
            if (cause?.code === 'ECONNREFUSED') outcomes.refused++;
            else outcomes.wrong.push(`${cause?.code ?? ''} ${cause?.message ?? String(error)}`);
            return;
          }
        }
      };
      const devices = credentials.map(([imei, credential], i) =>
        device(i % 2 === 0 ? devicePort : port, imei, credential),
      );

      // Under load: stop the server once plenty of messages went through.
      const deadline = Date.now() + 60_000;
      while (outcomes.stored < 500 && outcomes.wrong.length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      const storedBefore = outcomes.stored;
      expect(storedBefore).toBeGreaterThanOrEqual(500);
      child.kill('SIGTERM');
      const exited = exitWithin(child, GRACE_MS + 5_000);
      await Promise.all(devices);

      expect(outcomes.wrong).toEqual([]);
      expect(outcomes.stored).toBeGreaterThan(storedBefore);
      expect(outcomes.refused).toBe(credentials.length);
      expect(await exited, output).not.toBeNull();
      expect(child.exitCode, output).toBe(0);
    },
    START_MS + 120_000,
  );
});
