import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, get } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerDrain } from './drain';
import { loadTlsCredentials } from './tls';

const dir = mkdtempSync(path.join(tmpdir(), 'fp-drain-tls-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

// Over https a request's socket is the TLS socket, not the TCP one the server's 'connection'
// event hands out: the drain must still see the request under way (HTTPS=1, decision 068).
describe('draining a server over https', () => {
  it('waits for the request under way before it lets the server close', async () => {
    const tls = await loadTlsCredentials(
      { kind: 'generated', dir },
      { dns: ['localhost'], ips: ['127.0.0.1'] },
    );
    const app = Fastify({ https: { key: tls.key, cert: tls.cert } });
    registerDrain(app);
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let reached = () => {};
    const handlerReached = new Promise<void>((resolve) => (reached = resolve));
    let answered = false;
    app.addHook('onResponse', (_request, _reply, done) => {
      answered = true;
      done();
    });
    app.get('/slow', async () => {
      reached();
      await released;
      return 'done';
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const agent = new Agent({ keepAlive: true, ca: tls.cert });
    try {
      const body = new Promise<string>((resolve, reject) => {
        get({ host: '127.0.0.1', port, path: '/slow', agent }, (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => {
            resolve(text);
          });
        }).on('error', reject);
      });
      await handlerReached;
      const drained = app.drain(30_000);
      // Longer than a connection stays "quiet" (1 s): a drain blind to the request would be done.
      const first = await Promise.race([
        drained.then(() => 'drained'),
        new Promise((resolve) => setTimeout(resolve, 2_500, 'still draining')),
      ]);
      expect(first).toBe('still draining');
      release();
      await drained;
      expect(answered).toBe(true);
      expect(await body).toBe('done');
    } finally {
      agent.destroy();
      await app.close();
    }
  });
});
