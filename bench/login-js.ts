/** Benchmark 2: the JavaScript a first visit to /login downloads, gzip-compressed. */
import { gzipSync } from 'node:zlib';
import type { Response } from 'playwright-core';
import { launchBrowser, type Portal } from '../tests/e2e/support/portal';
import { atMost, printBlock, type Outcome } from './report';
import { kib, table } from './stats';

// The sign-in page's budget; exceeding it fails `npm run bench` (bench/report.ts, budget).
const GOAL_KIB = 150;

interface ScriptFile {
  path: string;
  bytes: number;
  /** gzip -9 of the body: comparable whatever the server chose to send. */
  gzipBytes: number;
  /** Bytes on the wire and the encoding the server used (none below its 1 KiB threshold). */
  transferBytes: number;
  encoding: string;
}

async function measure(response: Response): Promise<ScriptFile> {
  const body = await response.body();
  const sizes = await response.request().sizes();
  const encoding = (await response.headerValue('content-encoding')) ?? 'identity';
  return {
    path: new URL(response.url()).pathname,
    bytes: body.length,
    gzipBytes: gzipSync(body, { level: 9 }).length,
    transferBytes: sizes.responseBodySize,
    encoding,
  };
}

export async function benchLoginJs(portal: Portal): Promise<Outcome> {
  const url = new URL('login', portal.baseUrl).toString();
  const browser = await launchBrowser();
  try {
    // A fresh context is a first visit: empty cache. Service workers are blocked so a precache
    // filling up in the background cannot add files the page itself never asked for.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const pending: Promise<ScriptFile>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') pending.push(measure(response));
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const files = (await Promise.all(pending)).sort((a, b) => b.gzipBytes - a.gzipBytes);
    await context.close();
    if (files.length === 0) throw new Error(`no scripts loaded by ${url}`);

    const total = (key: 'bytes' | 'gzipBytes' | 'transferBytes') =>
      files.reduce((n, f) => n + f[key], 0);
    const gzipKib = kib(total('gzipBytes'));
    printBlock('Initial JavaScript of /login', [
      table(
        ['file', 'raw KiB', 'gzip-9 KiB', 'wire KiB', 'encoding'],
        files.map((f) => [
          f.path,
          String(kib(f.bytes)),
          String(kib(f.gzipBytes)),
          String(kib(f.transferBytes)),
          f.encoding,
        ]),
        [1, 2, 3],
      ),
      `total: ${files.length} files, ${kib(total('bytes'))} KiB raw, ${gzipKib} KiB gzip -9, ` +
        `${kib(total('transferBytes'))} KiB on the wire`,
      `goal: <= ${GOAL_KIB} KiB gzip`,
    ]);
    return {
      metrics: [
        {
          name: 'initial JS, gzip -9',
          value: gzipKib,
          unit: 'KiB',
          goal: atMost(GOAL_KIB),
          budget: true,
        },
        { name: 'initial JS, raw', value: kib(total('bytes')), unit: 'KiB' },
        { name: 'initial JS, on the wire', value: kib(total('transferBytes')), unit: 'KiB' },
        { name: 'script files', value: files.length, unit: 'files' },
      ],
      details: { url, files },
    };
  } finally {
    await browser.close();
  }
}
