import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOM_TEST_DATA_FILE, FILE_TOO_LARGE } from '@shared/libraries/library-files';
import { customTestData } from '@server/db/schema';
import { ADMIN, customerId } from '@server/test/api';
import { createTestContext, listenOnLoopback, type TestContext } from '@server/test/harness';
import { sendStreamedUpload } from '@server/test/streamed-upload';

/**
 * Custom test data's size limit (10 MiB) holds while the body streams in, over a real socket:
 * past the limit the server answers 400 'File too large' and closes the connection instead of
 * reading (or keeping) the rest.
 */
let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestContext();
  port = await listenOnLoopback(ctx.app);
});
afterAll(() => ctx.close());

/** Sends the form with a file of `total` bytes, chunked, until the server answers or closes. */
async function send(total: number) {
  const { authorization } = await ctx.authHeader(ADMIN);
  return sendStreamedUpload({
    port,
    authorization,
    path: '/api/customtestdata/',
    fields: { CustomerId: String(await customerId(ctx, 'Atlas Freight')) },
    file: { part: 'File', name: 'huge.csv' },
    total,
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
