import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_FILES_PATH } from '@shared/devices/device-link';
import { TACHO_FILE_MAX_BYTES } from '@shared/tacho/tacho';
import type { App } from '@server/http/types';
import { deviceOf } from '@server/test/api';
import { fileCount } from '@server/test/device-files';
import { createTestContext, type TestContext } from '@server/test/harness';
import { buildDeviceLinkApp } from './device-app';
import { signDeviceMessage } from '@server/auth/device-signing';

/**
 * The upload limit is enforced while the body streams in, over a real socket: the server answers
 * 413 and drops the connection as soon as the limit is passed, instead of reading (or
 * buffering) the rest.
 */
let ctx: TestContext;
let devicePort: App;
let port: number;
beforeAll(async () => {
  ctx = await createTestContext();
  devicePort = await buildDeviceLinkApp({ link: ctx.app.deviceLink });
  await devicePort.listen({ port: 0, host: '127.0.0.1' });
  const address = devicePort.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  await devicePort.close();
  await ctx.close();
});

const CHUNK = 64 * 1024;

interface Sent {
  /** Body bytes the client managed to write before the answer (or the close) stopped it. */
  bodyBytes: number;
  response: string;
}

async function headersFor(extra: string): Promise<string> {
  const device = await deviceOf(ctx, 'Atlas Freight');
  const signed = signDeviceMessage(ctx.deviceCredentials.get(device.imei) ?? '', 'unused');
  return (
    `POST ${DEVICE_FILES_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-IMEI: ${device.imei}\r\n` +
    Object.entries(signed)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('') +
    `Content-Type: application/octet-stream\r\n${extra}\r\n`
  );
}

/** Writes `head`, then up to `total` body bytes in chunks, pausing between them like a modem. */
function send(head: string, total: number, chunked: boolean): Promise<Sent> {
  return new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1');
    let response = '';
    let bodyBytes = 0;
    let stopped = false;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      // Let the rest of the answer arrive, then hand back what was sent until then.
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
    socket.write(head);
    const payload = Buffer.alloc(CHUNK, 0x55);
    const pump = async () => {
      while (!stopped && bodyBytes < total) {
        const framed = chunked
          ? Buffer.concat([Buffer.from(`${CHUNK.toString(16)}\r\n`), payload, Buffer.from('\r\n')])
          : payload;
        const flushed = socket.write(framed);
        bodyBytes += CHUNK;
        if (!flushed) await new Promise((r) => socket.once('drain', r));
        await new Promise((r) => setTimeout(r, 1));
      }
    };
    void pump();
  });
}

describe('the upload size limit', () => {
  it('cuts a chunked upload off with 413 soon after the limit, reading no further', async () => {
    const before = await fileCount(ctx.database.db);
    const total = 4 * TACHO_FILE_MAX_BYTES;
    const sent = await send(await headersFor('Transfer-Encoding: chunked\r\n'), total, true);
    expect(sent.response).toMatch(/^HTTP\/1\.1 413 /);
    expect(sent.response).toMatch(/connection: close/i);
    // Past the limit, but stopped far before the end: only what socket buffers took in between.
    expect(sent.bodyBytes).toBeGreaterThan(TACHO_FILE_MAX_BYTES);
    expect(sent.bodyBytes).toBeLessThan(TACHO_FILE_MAX_BYTES + 4 * 1024 * 1024);
    expect(await fileCount(ctx.database.db)).toBe(before);
  });

  it('refuses a Content-Length over the limit before any of the body is sent', async () => {
    const sent = await send(
      await headersFor(`Content-Length: ${TACHO_FILE_MAX_BYTES + 1}\r\n`),
      0,
      false,
    );
    expect(sent.bodyBytes).toBe(0);
    expect(sent.response).toMatch(/^HTTP\/1\.1 413 /);
  });

  it('takes a file of exactly the limit', async () => {
    const device = await deviceOf(ctx, 'Atlas Freight', 1);
    const body = Buffer.alloc(TACHO_FILE_MAX_BYTES, 0x41);
    const response = await fetch(`http://127.0.0.1:${port}${DEVICE_FILES_PATH}?kind=1`, {
      method: 'POST',
      headers: {
        'x-imei': device.imei,
        'content-type': 'application/octet-stream',
        ...signDeviceMessage(ctx.deviceCredentials.get(device.imei) ?? '', body),
      },
      body,
    });
    expect(response.status).toBe(200);
    const { ValidState } = (await response.json()) as { ValidState: number };
    expect(ValidState).toBeGreaterThan(1);
  });
});
