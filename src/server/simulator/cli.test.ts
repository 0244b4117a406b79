import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createFailureTally, parseSimulateArgs, type SimulateOptions } from './cli';
import { DeviceLinkStatusError, describeFailure } from './failures';
import { deviceLinkUrlFromEnv } from './link-url';

const run = (args: string[], env: NodeJS.ProcessEnv = {}): SimulateOptions => {
  const parsed = parseSimulateArgs(args, env);
  if (parsed.kind !== 'run') throw new Error(`not a run: ${JSON.stringify(parsed)}`);
  return parsed.options;
};

describe('the device link URL, from the server settings', () => {
  it.each([
    [{}, 'http://127.0.0.1:5000/api/v1/devices', 'DEVICE_PORT unset: 5000; HOST unset'],
    [{ DEVICE_PORT: '5001' }, 'http://127.0.0.1:5001/api/v1/devices', 'DEVICE_PORT=5001'],
    [{ DEVICE_PORT: '0' }, 'http://127.0.0.1:8080/api/v1/devices', 'use the main port'],
    [{ DEVICE_PORT: '0', PORT: '9000' }, 'http://127.0.0.1:9000/api/v1/devices', 'PORT=9000'],
    [{ DEVICE_PORT: '9000', PORT: '9000' }, 'http://127.0.0.1:9000/api/v1/devices', 'main port'],
    [{ HOST: '0.0.0.0' }, 'http://127.0.0.1:5000/api/v1/devices', 'HOST=0.0.0.0'],
    [{ HOST: '::' }, 'http://[::1]:5000/api/v1/devices', 'HOST=::'],
    [{ HOST: '192.168.1.5', DEVICE_PORT: '5050' }, 'http://192.168.1.5:5050/api/v1/devices', ''],
    [{ HOST: 'fd00::5' }, 'http://[fd00::5]:5000/api/v1/devices', ''],
    [{ HOST: 'localhost', PORT: '7000' }, 'http://localhost:5000/api/v1/devices', ''],
  ])('%j → %s', (env, url, why) => {
    const link = deviceLinkUrlFromEnv(env);
    expect(link.url).toBe(url);
    expect(link.why).toContain(why);
  });

  it('is what the simulator uses without --url, and --url wins', () => {
    expect(run([], { DEVICE_PORT: '5123' }).url).toBe('http://127.0.0.1:5123/api/v1/devices');
    const given = run(['--url', 'http://10.1.2.3:5000/api/v1/devices'], { DEVICE_PORT: '5123' });
    expect(given).toMatchObject({ url: 'http://10.1.2.3:5000/api/v1/devices', urlWhy: '--url' });
    expect(run([], { DATA_DIR: '/srv/fleet' }).credentials).toBe(
      '/srv/fleet/demo-device-credentials.json',
    );
  });
});

describe('the command line', () => {
  it('reads the options', () => {
    expect(
      run([
        '--devices',
        '20',
        '--interval',
        '5',
        '--imeis',
        '1, 2',
        '--seed',
        '7',
        '--duration',
        '9',
      ]),
    ).toMatchObject({
      devices: 20,
      intervalSeconds: 5,
      durationSeconds: 9,
      imeis: ['1', '2'],
      seed: 7,
      invalidRate: 0,
      refuseRate: 0,
    });
    expect(run(['--imeis', '1']).devices).toBe(Infinity);
    expect(run([]).devices).toBe(10);
  });

  it('asks for help with --help or -h', () => {
    expect(parseSimulateArgs(['--help'])).toEqual({ kind: 'help' });
    expect(parseSimulateArgs(['-h', '--devices', '3'])).toEqual({ kind: 'help' });
  });

  it.each([
    [['--bogus'], "Unknown option '--bogus'"],
    [['--devices'], "Option '--devices <value>' argument missing"],
    [['extra'], "Unexpected argument 'extra'"],
    [['--devices', 'many'], '--devices must be a positive number, got "many"'],
    [['--interval', '0'], '--interval must be a positive number, got "0"'],
    [['--invalid-rate', '2'], '--invalid-rate must be a number from 0 to 1, got "2"'],
    [['--seed', 'x'], '--seed must be a whole number, got "x"'],
  ])('says what is wrong with %j instead of throwing', (args, message) => {
    expect(parseSimulateArgs(args)).toEqual({ kind: 'error', message });
  });
});

/** A port on 127.0.0.1 that nothing listens on (just closed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

describe('why a post failed', () => {
  it('names the status and what the server said', () => {
    const body = JSON.stringify({ message: 'Unknown device or wrong credential' });
    expect(describeFailure(new DeviceLinkStatusError(401, body))).toBe(
      'HTTP 401: Unknown device or wrong credential',
    );
    expect(describeFailure(new DeviceLinkStatusError(502, '<html>Bad gateway</html>'))).toBe(
      'HTTP 502: <html>Bad gateway</html>',
    );
    expect(describeFailure(new DeviceLinkStatusError(503, ''))).toBe('HTTP 503');
  });

  it('names the network error and its code, not just "fetch failed"', async () => {
    const port = await closedPort();
    const error = await fetch(`http://127.0.0.1:${String(port)}/api/v1/devices`, {
      method: 'POST',
    }).catch((e: unknown) => e);
    expect((error as Error).message).toBe('fetch failed');
    expect(describeFailure(error)).toBe(`connect ECONNREFUSED 127.0.0.1:${String(port)}`);
    const timeout = await fetch(`http://127.0.0.1:${String(port)}/`, {
      signal: AbortSignal.abort(new DOMException('late', 'TimeoutError')),
    }).catch((e: unknown) => e);
    expect(describeFailure(timeout)).toBe('no answer in time (timed out)');
  });

  it('tells each reason once, with a hint, and counts them all', () => {
    const tally = createFailureTally('http://127.0.0.1:5000/api/v1/devices');
    const refused = Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5000'), {
        code: 'ECONNREFUSED',
      }),
    });
    expect(tally.add(refused, '1')).toMatch(
      /^Device 1: connect ECONNREFUSED 127\.0\.0\.1:5000 \(http:\/\/127\.0\.0\.1:5000\/api\/v1\/devices\) — nothing listens there: is the server running, with the HOST, PORT and DEVICE_PORT/,
    );
    expect(tally.add(refused, '2')).toBeNull();
    const unknown = new DeviceLinkStatusError(401, '{"message":"Unknown device"}');
    expect(tally.add(unknown, '3')).toBe(
      'Device 3: HTTP 401: Unknown device (http://127.0.0.1:5000/api/v1/devices)',
    );
    expect(tally.summary()).toBe(
      '2 × connect ECONNREFUSED 127.0.0.1:5000; 1 × HTTP 401: Unknown device',
    );
  });
});
