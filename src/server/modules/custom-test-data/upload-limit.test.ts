import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOM_TEST_DATA_FILE, FILE_TOO_LARGE } from '../../../shared/library-files';
import { customTestData } from '../../db/schema';
import { ADMIN, customerId } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';

/**
 * Custom test data's size limit (10 MiB) holds while the body streams in, over a real socket:
 * past the limit the server answers 400 'File too large' and closes the connection instead of
 * reading (or keeping) the rest.
 */
let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => ctx.close());

const CHUNK = 64 * 1024;
const BOUNDARY = 'fleetportalboundary';

async function partHeads(): Promise<string> {
  const field = (name: string, value: string) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return (
    field('CustomerId', String(await customerId(ctx, 'Atlas Freight'))) +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="File"; filename="huge.csv"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n'
  );
}

/** Sends the form with a file of `total` bytes, chunked, until the server answers or closes. */
async function send(total: number): Promise<{ bodyBytes: number; response: string }> {
  const { authorization } = await ctx.authHeader(ADMIN);
  const heads = await partHeads();
  return new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1');
    let response = '';
    let bodyBytes = 0;
    let stopped = false;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      setTimeout(() => {
        socket.destroy();
        resolve({ bodyBytes, response });
      }, 100);
    };
    socket.on('data', (data) => {
      response += data.toString('latin1');
      stop();
    });
    socket.on('error', stop);
    socket.on('close', stop);
    const chunk = (data: Buffer) =>
      Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);
    socket.write(
      `POST /api/customtestdata/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${authorization}\r\n` +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
        'Transfer-Encoding: chunked\r\n\r\n',
    );
    socket.write(chunk(Buffer.from(heads)));
    const payload = Buffer.alloc(CHUNK, 0x55);
    const pump = async () => {
      while (!stopped && bodyBytes < total) {
        const flushed = socket.write(chunk(payload));
        bodyBytes += CHUNK;
        if (!flushed) await new Promise((r) => socket.once('drain', r));
        await new Promise((r) => setTimeout(r, 1));
      }
      if (stopped) return;
      socket.write(chunk(Buffer.from(`\r\n--${BOUNDARY}--\r\n`)));
      socket.write('0\r\n\r\n');
    };
    void pump();
  });
}

describe('the custom test data upload limit', () => {
  it('answers File too large soon after the limit and reads no further', async () => {
    const before = await ctx.database.db.$count(customTestData);
    const total = 60 * 1024 * 1024;
    const sent = await send(total);
    expect(sent.response).toMatch(/^HTTP\/1\.1 400 /);
    expect(sent.response).toMatch(/connection: close/i);
    expect(sent.response).toContain(JSON.stringify({ errors: { File: FILE_TOO_LARGE } }));
    // Past the limit, but stopped far before the end: only what socket buffers took meanwhile.
    expect(sent.bodyBytes).toBeGreaterThan(CUSTOM_TEST_DATA_FILE.maxBytes);
    expect(sent.bodyBytes).toBeLessThan(CUSTOM_TEST_DATA_FILE.maxBytes + 4 * 1024 * 1024);
    expect(await ctx.database.db.$count(customTestData)).toBe(before);
  });
});
