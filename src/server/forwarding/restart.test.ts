import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_LINK_PATH } from '@shared/devices/device-link';
import type { Envelope } from '@server/receiver/common';
import { startHttpReceiver, type HttpReceiver } from '@server/receiver/http';
import { DEMO_PASSWORD } from '@server/seed/demo';
import { signDeviceMessage } from '@server/auth/device-signing';
import { freePort, spawnServer, waitForHealth, type ServerChild } from '@server/test/child-server';
import { fillWithSeededDemo } from '@server/test/seeded-data-dir';

// Issue 15: the real server killed (SIGKILL) while a batch is on its way, then started again:
// nothing acknowledged to a device is lost, duplicates are at most the batch in flight, and
// each device's messages still arrive in order. The embedded database (the server's default).
const dataDir = mkdtempSync(path.join(tmpdir(), 'fp-forward-kill-'));
// Seeded ahead: this file tests a restart, not the first start's demo load.
beforeAll(() => fillWithSeededDemo(dataDir));
let child: ServerChild | undefined;
let receiver: HttpReceiver | undefined;
afterAll(async () => {
  child?.kill('SIGKILL');
  await receiver?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const until = async (done: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
};

describe.skipIf(process.env.TEST_DATABASE_URL)('a server killed during delivery', () => {
  it('delivers everything after its restart, duplicates at most the batch in flight', async () => {
    receiver = await startHttpReceiver();
    const port = await freePort();
    const base = `http://127.0.0.1:${String(port)}/`;
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEVICE_PORT: '0',
      STATIC_DIR: path.join(dataDir, 'no-pwa'),
      LOG_LEVEL: 'warn',
      FORWARD_TARGETS_ALLOWED: 'loopback',
      DATABASE_URL: '',
    };
    const start = async () => {
      child = spawnServer(env);
      await waitForHealth(base, child, 90_000);
    };
    await start();
    const call = async (method: string, url: string, body?: unknown, token?: string) => {
      const response = await fetch(new URL(`api/${url}`, base), {
        method,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(response.status, await response.clone().text()).toBe(200);
      return response.json();
    };
    const { AccessToken: token } = (await call('POST', 'auth/login', {
      Email: 'admin@demo.test',
      Password: DEMO_PASSWORD,
    })) as { AccessToken: string };
    const credentials = JSON.parse(
      readFileSync(path.join(dataDir, 'demo-device-credentials.json'), 'utf8'),
    ) as Record<string, string>;
    const fleet = (await call('GET', 'devices/', undefined, token)) as {
      IMEI: string;
      CustomerId: number | null;
    }[];
    const owner = fleet.find((d) => d.CustomerId !== null && credentials[d.IMEI])?.CustomerId;
    const imeis = fleet
      .filter((d) => d.CustomerId === owner && credentials[d.IMEI])
      .slice(0, 3)
      .map((d) => d.IMEI);
    expect(imeis).toHaveLength(3);
    const [forward] = (await call(
      'POST',
      'forwards/',
      {
        CustomerId: owner,
        Name: 'Kill test',
        IP: '127.0.0.1',
        Port: receiver.port,
        Username: 'u',
        Password: 'p',
        API_KEY: 'k',
        Auth: 'Bearer a',
        Status: 1,
        MessageTypes: [2],
        Protocols: [0],
      },
      token,
    )) as { Id: number }[];
    expect(forward).toBeDefined();
    for (const imei of imeis)
      await call(
        'POST',
        'devices/forwards/',
        { IMEI: imei, MessageType: 'RT', ForwardId: forward?.Id },
        token,
      );

    // The receiver takes the first batch and never answers it: the server is killed meanwhile.
    receiver.answer = 'never';
    const per = 60;
    for (let seq = 0; seq < per; seq++) {
      for (const imei of imeis) {
        const body = JSON.stringify({ IMEI: imei, Seq: seq });
        const response = await fetch(new URL(DEVICE_LINK_PATH.replace(/^\//, ''), base), {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...signDeviceMessage(credentials[imei] ?? '', body),
          },
          body,
        });
        expect(response.status).toBe(200);
      }
    }
    await until(() => receiver?.requests.length !== 0, 10_000);
    expect(receiver.requests.length).toBeGreaterThan(0);
    child?.kill('SIGKILL');
    await new Promise((resolve) => child?.once('exit', resolve));
    const inFlight = (JSON.parse(receiver.requests[0]?.body ?? '[]') as unknown[]).length;

    receiver.answer = { status: 200 };
    await start();
    const total = per * imeis.length;
    const ids = () => new Set(receiver?.received.map((e) => e.MessageId));
    await until(() => ids().size >= total, 30_000);
    expect(ids().size).toBe(total);
    expect(receiver.received.length - total).toBeLessThanOrEqual(inFlight);
    for (const imei of imeis) {
      const firsts: number[] = [];
      const seen = new Set<string>();
      for (const e of receiver.received.filter((m: Envelope) => m.IMEI === imei)) {
        if (seen.has(e.MessageId)) continue;
        seen.add(e.MessageId);
        firsts.push((e.Message as { Seq: number }).Seq);
      }
      expect(firsts).toEqual([...Array(per).keys()]);
    }
  }, 180_000);
});
