import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAN_CONFIG_FILE, FILE_TOO_LARGE } from '@shared/libraries/library-files';
import { canConfigs, libraryFiles } from '@server/db/schema';
import { ADMIN } from '@server/test/api';
import { createTestContext, listenOnLoopback, type TestContext } from '@server/test/harness';
import { sendStreamedUpload } from '@server/test/streamed-upload';

/**
 * The QTLibrary upload's size limit (spec: 36864 bytes) holds while the body streams in, over a
 * real socket: past the limit the server answers 400 'File too large' and closes the connection
 * instead of reading the rest (issue 25: it read all of a 50–200 MiB body first).
 */
let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestContext();
  port = await listenOnLoopback(ctx.app);
});
afterAll(() => ctx.close());

/** Sends the form with a configuration of `total` bytes, chunked, until the server answers. */
async function send(total: number, fields: Record<string, string>) {
  const { authorization } = await ctx.authHeader(ADMIN);
  return sendStreamedUpload({
    port,
    authorization,
    path: '/api/canconfig/',
    fields,
    file: { part: CAN_CONFIG_FILE.part, name: 'huge.tlqs' },
    total,
  });
}

const FIELDS = {
  Protocol: 'HUGE0001',
  Version: '1.0',
  Brand: 'DAF',
  Name: 'Huge',
  Active: 'true',
  DeviceType: '4',
};

describe('the QTLibrary upload limit', () => {
  it.each([
    ['with every field', FIELDS],
    ['with no field before the file', {}],
  ])('answers File too large soon after the limit and reads no further, %s', async (_, fields) => {
    const before = await ctx.database.db.$count(libraryFiles);
    const total = 50 * 1024 * 1024;
    const sent = await send(total, fields);
    expect(sent.response).toMatch(/^HTTP\/1\.1 400 /);
    expect(sent.response).toMatch(/connection: close/i);
    expect(sent.response).toContain(JSON.stringify({ errors: { Config: FILE_TOO_LARGE } }));
    // Past the limit, but stopped far before the end: only what socket buffers took meanwhile.
    expect(sent.bodyBytes).toBeGreaterThan(CAN_CONFIG_FILE.maxBytes);
    expect(sent.bodyBytes).toBeLessThan(CAN_CONFIG_FILE.maxBytes + 4 * 1024 * 1024);
    expect(await ctx.database.db.$count(libraryFiles)).toBe(before);
    expect(await ctx.database.db.$count(canConfigs)).toBeGreaterThan(0);
  });
});
