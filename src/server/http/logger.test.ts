import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogDestination, redactUrl, serverLoggerOptions } from './logger';

/** A stdout whose reader is stalled until `release()`, then reads at once. */
function stalledOut() {
  const held: (() => void)[] = [];
  const written: string[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      written.push(chunk.toString());
      held.push(callback);
    },
  });
  const release = () => {
    // Each callback lets the next chunk through; keep releasing until nothing is held.
    const step = () => {
      const callback = held.shift();
      if (!callback) return;
      callback();
      setImmediate(step);
    };
    step();
  };
  return { out, written, release };
}

const LINE = `${JSON.stringify({ level: 30, msg: 'x'.repeat(200) })}\n`;

describe('log destination', () => {
  it('never buffers more than its limit while stdout is stalled: it drops and counts', () => {
    const { out } = stalledOut();
    const logs = createLogDestination(out, 64 * 1024);
    const start = performance.now();
    for (let i = 0; i < 10_000; i++) logs.write(LINE); // 2 MB
    expect(performance.now() - start).toBeLessThan(1_000);
    expect(out.writableLength).toBeLessThanOrEqual(64 * 1024);
    expect(logs.dropped).toBeGreaterThan(9_000);
  });

  it('says how many lines it dropped with the first line that fits again', async () => {
    const { out, written, release } = stalledOut();
    const logs = createLogDestination(out, 16 * 1024);
    for (let i = 0; i < 200; i++) logs.write(LINE);
    const dropped = logs.dropped;
    expect(dropped).toBeGreaterThan(100);
    release();
    await logs.drained(1_000);
    logs.write(LINE);
    release();
    const lines = written.join('').trimEnd().split('\n');
    expect(JSON.parse(lines.at(-2) ?? '{}')).toMatchObject({ level: 40, dropped });
    expect(lines.at(-1)).toBe(LINE.trimEnd());
  });

  it('waits for a stalled stdout only as long as it is told', async () => {
    const { out } = stalledOut();
    const logs = createLogDestination(out);
    logs.write(LINE);
    const start = performance.now();
    await logs.drained(100);
    expect(performance.now() - start).toBeLessThan(1_000);
  });

  it('stops writing, without throwing, once stdout fails (a reader that is gone)', async () => {
    let writes = 0;
    const out = new Writable({
      write(_chunk, _encoding, callback) {
        writes++;
        callback(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      },
    });
    const logs = createLogDestination(out);
    logs.write(LINE);
    await new Promise((resolve) => setImmediate(resolve));
    for (let i = 0; i < 100; i++) logs.write(LINE);
    expect(writes).toBe(1);
    expect(logs.dropped).toBe(100);
    await logs.drained(5_000); // at once: nothing can be written any more
  });
});

describe('request logs', () => {
  it('redact access_token values in URLs, whatever the parameter’s spelling', () => {
    expect(redactUrl('/api/socketdevicetests?id=1&access_token=abc.def')).toBe(
      '/api/socketdevicetests?id=1&access_token=[redacted]',
    );
    expect(redactUrl('/x?ACCESS_TOKEN=a&access%5Ftoken=b&a=1')).toBe(
      '/x?ACCESS_TOKEN=[redacted]&access%5Ftoken=[redacted]&a=1',
    );
    expect(redactUrl('/x?access_token')).toBe('/x?access_token=[redacted]');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });

  it('carry no access_token, Authorization header or cookie', async () => {
    const lines: string[] = [];
    const logs = {
      write: (line: string) => lines.push(line),
      dropped: 0,
      drained: () => Promise.resolve(),
    };
    const app = Fastify({ logger: serverLoggerOptions('info', logs) });
    app.get('/hub', (request, reply) => {
      request.log.info({ headers: request.headers }, 'logged by hand');
      return reply.send('ok');
    });
    await app.inject({
      url: '/hub?id=1&access_token=SECRET-1',
      headers: { authorization: 'Bearer SECRET-2', cookie: 'fp_refresh=SECRET-3' },
    });
    await app.close();
    const text = lines.join('');
    expect(text).toContain('/hub?id=1&access_token=[redacted]');
    expect(text).toContain('logged by hand');
    expect(text).not.toContain('SECRET');
  });
});
