import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_REJECTED_MESSAGE } from '@shared/devices/device-link';
import { buildDeviceLinkApp } from '@server/devices-link/device-app';
import type { App } from '@server/http/types';
import { rawOf, someDevices } from '@server/test/device-link';
import { createTestContext, type TestContext } from '@server/test/harness';

/** `npm run simulate` as a user runs it: a real process against a real device link. */
let ctx: TestContext;
let devicePort: App;
let port: number;
let dir: string;
beforeAll(async () => {
  ctx = await createTestContext();
  devicePort = await buildDeviceLinkApp({ link: ctx.app.deviceLink });
  await devicePort.listen({ port: 0, host: '127.0.0.1' });
  const address = devicePort.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  dir = mkdtempSync(path.join(tmpdir(), 'simulate-'));
});
afterAll(async () => {
  await devicePort.close();
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function simulate(args: string[], env: NodeJS.ProcessEnv = {}): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/simulate.ts', ...args], {
    env: { ...process.env, DEVICE_PORT: undefined, PORT: undefined, HOST: undefined, ...env },
    stdio: 'pipe',
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, output: () => output, exited };
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not in time`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A port on 127.0.0.1 that nothing listens on (just closed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

describe('npm run simulate', () => {
  it('prints its usage for --help and exits 0', async () => {
    const run = simulate(['--help']);
    expect(await run.exited).toBe(0);
    expect(run.output()).toMatch(/^Usage: npm run simulate -- \[options\]/);
    expect(run.output()).toContain('DEVICE_PORT');
    expect(run.output()).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('says which option is wrong, without a stack trace, and exits 2', async () => {
    const run = simulate(['--bogus']);
    expect(await run.exited).toBe(2);
    expect(run.output()).toBe(
      "simulate: Unknown option '--bogus' (npm run simulate -- --help lists the options)\n",
    );
  }, 60_000);

  it('posts to DEVICE_PORT on HOST as the server would, and says why a post failed', async () => {
    const fleet = await someDevices(ctx.database.db, 2, 90);
    const [first] = fleet;
    if (!first) throw new Error('no device');
    const credentials = path.join(dir, 'credentials.json');
    const wrong = '000000000000042';
    writeFileSync(
      credentials,
      JSON.stringify({
        ...Object.fromEntries(fleet.map((d) => [d.imei, ctx.deviceCredentials.get(d.imei)])),
        [wrong]: 'not-the-credential',
      }),
    );
    const before = (await rawOf(ctx.database.db, first.id)).length;
    const run = simulate(['--credentials', credentials, '--interval', '0.3'], {
      DEVICE_PORT: String(port),
      PORT: String(await closedPort()),
      HOST: '127.0.0.1',
    });
    try {
      await waitFor(
        async () => (await rawOf(ctx.database.db, first.id)).length > before,
        'a message stored',
      );
      await waitFor(() => run.output().includes(`Device ${wrong}: HTTP 401`), 'the 401 told');
    } finally {
      run.child.kill('SIGINT');
    }
    expect(await run.exited).toBe(0);
    const url = `http://127.0.0.1:${String(port)}/api/v1/devices`;
    expect(run.output()).toContain(
      `Simulating 3 device(s) every 0.3 s against ${url} (DEVICE_PORT=${String(port)}; HOST=127.0.0.1)`,
    );
    expect(run.output()).toContain(
      `Device ${wrong}: HTTP 401: ${DEVICE_REJECTED_MESSAGE} (${url})`,
    );
    expect(run.output()).toMatch(
      new RegExp(
        `Stopped\\. sent \\d+, acknowledged [1-9]\\d*, failed (\\d+) \\(\\1 × HTTP 401: ${DEVICE_REJECTED_MESSAGE}\\)`,
      ),
    );
    expect(run.output()).not.toContain('MaxListenersExceededWarning');
  }, 120_000);

  it('says what is wrong when nothing listens where the settings point', async () => {
    const credentials = path.join(dir, 'one.json');
    writeFileSync(credentials, JSON.stringify({ '000000000000043': 'x' }));
    const nowhere = await closedPort();
    const run = simulate(['--credentials', credentials, '--interval', '0.3'], {
      DEVICE_PORT: '0',
      PORT: String(nowhere),
    });
    try {
      await waitFor(() => run.output().includes('ECONNREFUSED'), 'the refusal told');
    } finally {
      run.child.kill('SIGINT');
    }
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain(
      `(DEVICE_PORT=0, so devices use the main port (PORT=${String(nowhere)}); HOST unset)`,
    );
    expect(run.output()).toContain(
      `Device 000000000000043: connect ECONNREFUSED 127.0.0.1:${String(nowhere)} ` +
        `(http://127.0.0.1:${String(nowhere)}/api/v1/devices) — nothing listens there`,
    );
  }, 120_000);
});
