import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_TOO_LARGE, FIRMWARE_FILE } from '@shared/libraries/library-files';
import { libraryFiles } from '@server/db/schema';
import { ADMIN } from '@server/test/api';
import { createTestContext, listenOnLoopback, type TestContext } from '@server/test/harness';
import { sendStreamedUpload } from '@server/test/streamed-upload';

/**
 * A library upload's size limit holds while the body streams in, over a real socket: past the
 * limit the server answers 400 'File too large' and closes the connection instead of reading
 * (or keeping) the rest — a 50 MB firmware costs no more than a 384 KiB one.
 */
let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestContext();
  port = await listenOnLoopback(ctx.app);
});
afterAll(() => ctx.close());

/** Sends the form with a firmware of `total` bytes, chunked, until the server answers or closes. */
async function send(total: number) {
  const { authorization } = await ctx.authHeader(ADMIN);
  return sendStreamedUpload({
    port,
    authorization,
    path: '/api/AddonBoardFW/',
    fields: {
      Version: '9.99.99',
      Release: 'true',
      FirmwareFlag: '2',
      DeviceType: '4',
      Active: 'true',
    },
    file: { part: 'Firmware', name: 'huge.bin' },
    total,
  });
}

describe('the library upload limit', () => {
  it('answers File too large soon after the limit and reads no further', async () => {
    const before = await ctx.database.db.$count(libraryFiles);
    const total = 50 * 1024 * 1024;
    const sent = await send(total);
    expect(sent.response).toMatch(/^HTTP\/1\.1 400 /);
    expect(sent.response).toMatch(/connection: close/i);
    expect(sent.response).toContain(JSON.stringify({ errors: { Firmware: FILE_TOO_LARGE } }));
    // Past the limit, but stopped far before the end: only what socket buffers took meanwhile.
    expect(sent.bodyBytes).toBeGreaterThan(FIRMWARE_FILE.maxBytes);
    expect(sent.bodyBytes).toBeLessThan(FIRMWARE_FILE.maxBytes + 4 * 1024 * 1024);
    expect(await ctx.database.db.$count(libraryFiles)).toBe(before);
  });
});
