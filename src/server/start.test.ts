import { connect } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORWARD_PROTOCOL_IDS } from '@shared/forwards/forward-kinds';
import type { Forward } from '@shared/forwards/forwards';
import { DEMO_PASSWORD } from './seed/demo';
import { DEMO_RECEIVER_PORTS } from './seed/demo-forwards';
import {
  exitWithin,
  freePort,
  killServer,
  spawnServer,
  waitForHealth,
  type ServerChild,
} from './test/child-server';

// Issue 25: `npm start` with the demo data as a new user runs it: HOST and
// FORWARD_TARGETS_ALLOWED unset, stdout read as a terminal would be (LOG_FORMAT=pretty, as
// a pipe is no terminal). The embedded database only: the demo data is what it loads.
// The first start loads the demo data: minutes on a busy 2-core machine.
const START_MS = 400_000;

/** An address of this machine other than loopback, if it has one. */
const outsideAddress = () =>
  Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

/** Whether a TCP connection to address:port is taken (true) or refused (false). */
const accepts = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => {
      resolve(false);
    });
  });

describe.skipIf(process.env.TEST_DATABASE_URL)('npm start with the demo data', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fp-start-'));
  let child: ServerChild | undefined;
  let stdout = '';
  let port = 0;
  let devicePort = 0;
  let base = '';
  beforeAll(async () => {
    port = await freePort();
    devicePort = await freePort();
    base = `http://127.0.0.1:${String(port)}/`;
    child = spawnServer({
      PORT: String(port),
      DEVICE_PORT: String(devicePort),
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'no-pwa'),
      LOG_FORMAT: 'pretty',
      FORWARDING: 'off',
      HOST: undefined,
      FORWARD_TARGETS_ALLOWED: undefined,
      NODE_ENV: undefined,
      DATABASE_URL: '',
    });
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    await waitForHealth(base, child, START_MS).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${stdout}`);
    });
    // The banner follows once the device port listens too.
    const deadline = Date.now() + 30_000;
    while (!stdout.includes('Fleet Portal is running') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
  }, START_MS + 40_000);
  afterAll(async () => {
    await killServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('listens on this machine only, both ports, and says how to open it', async () => {
    expect(stdout).toContain('listening on this machine only');
    expect(stdout).toContain('HOST=0.0.0.0');
    expect(await accepts('127.0.0.1', port)).toBe(true);
    expect(await accepts('127.0.0.1', devicePort)).toBe(true);
    const outside = outsideAddress();
    if (outside) {
      expect(await accepts(outside, port), outside).toBe(false);
      expect(await accepts(outside, devicePort), outside).toBe(false);
    }
  });

  it('writes one readable line per request', async () => {
    await (await fetch(new URL('api/health?probe=one-line', base))).text();
    const deadline = Date.now() + 10_000;
    while (!stdout.includes('probe=one-line') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const lines = stdout.split('\n').filter((line) => line.includes('probe=one-line'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/INFO: GET \/api\/health\?probe=one-line 200 \d+ ms$/);
    expect(stdout).not.toContain('"msg"');
  });

  it('points the demo forwards at the local receivers, and saves one edited as the README says', async () => {
    const call = async (method: string, url: string, body?: unknown, token?: string) => {
      const response = await fetch(new URL(`api/${url}`, base), {
        method,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as object };
    };
    const login = await call('POST', 'auth/login', {
      Email: 'admin@demo.test',
      Password: DEMO_PASSWORD,
    });
    const token = (login.body as { AccessToken: string }).AccessToken;
    const forwards = (await call('GET', 'forwards/', undefined, token)).body as Forward[];
    expect(forwards.length).toBeGreaterThan(5);
    for (const forward of forwards) {
      expect(forward.IP, forward.Name).toBe('127.0.0.1');
      expect(Object.values(DEMO_RECEIVER_PORTS), forward.Name).toContain(forward.Port);
      expect(forward.Username, forward.Name).not.toBeNull();
    }
    // The README's recipe: edit a forward (here the one it was first tried on), IP 127.0.0.1,
    // port 9100, protocol HTTP JSON; everything else as the form shows it.
    const forward = forwards.find((f) => f.Name === 'Ops feed 1') ?? forwards[0];
    expect(forward).toBeDefined();
    if (!forward) return;
    const saved = await call(
      'PUT',
      `forwards/${String(forward.Id)}`,
      {
        CustomerId: forward.CustomerId,
        Name: forward.Name,
        IP: '127.0.0.1',
        Port: 9100,
        Username: forward.Username,
        Password: '',
        API_KEY: '',
        Auth: '',
        Status: 1,
        MessageTypes: forward.MessageTypes.map((t) => t.MessageTypeId),
        Protocols: [FORWARD_PROTOCOL_IDS['HTTP JSON']],
      },
      token,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  it('stops on SIGTERM within its grace period', async () => {
    child?.kill('SIGTERM');
    expect(child && (await exitWithin(child, 10_000))).not.toBeNull();
    expect(child?.exitCode).toBe(0);
  });
});
