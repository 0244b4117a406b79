/**
 * Library uploads: the server's memory while 50 clients each upload a firmware image at once to
 * the real route (POST AddonBoardFW/, multipart), the API alone in a child process on a fresh
 * demo database (bench/library-uploads-server.ts samples its memory). Each body trickles in over
 * about a second, so all 50 are in flight together. Three rounds of 50 files of exactly the limit
 * (393,216 bytes), then 50 over it (400,000 bytes), all to be refused with 400 'File too large'.
 * Goal: no growth beyond a few MiB per upload in flight (<= 2 MiB of RSS and of heap + buffers).
 *
 *   npm run bench -- --only uploads     (BENCH_DATABASE_URL adds PostgreSQL)
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { apiPaths } from '../src/shared/api/api-paths';
import { FILE_TOO_LARGE, FIRMWARE_FILE } from '../src/shared/libraries/library-files';
import { createSecretBox } from '../src/server/auth/secret-box';
import { seedDemo } from '../src/server/seed/demo';
import { freshDatabase, type DatabaseKind } from './dataset';
import type * as Server from './library-uploads-server';
import { atLeast, atMost, printBlock, type Metric, type Outcome } from './report';
import { round, table } from './stats';

const CLIENTS = 50;
const ROUNDS = 3;
const OVER_LIMIT_BYTES = 400_000;
const GOAL_MIB_PER_UPLOAD = 2;
/** Each body is sent in CHUNK pieces spread over TRICKLE_MS. */
const TRICKLE_MS = 1000;
const CHUNK = 16 * 1024;
const BOUNDARY = 'fleetportalbenchuploads';
const MiB = 1024 * 1024;
const LABEL: Record<DatabaseKind, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };
const REFUSED = JSON.stringify({ errors: { Firmware: FILE_TOO_LARGE } });
const serverPath = fileURLToPath(new URL('./library-uploads-server.ts', import.meta.url));

let uploads = 0;
/** Versions of 6-8 characters, unique per upload: B000001, B000002, … */
const nextVersion = () => `B${String(++uploads).padStart(6, '0')}`;

/** One multipart upload over its own connection, the file trickled in; stops at the answer. */
function upload(apiBase: string, token: string, version: string, file: Buffer) {
  const name = `${version}.bin`;
  const field = (key: string, value: string) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`;
  const fields = { Version: version, Release: 'true', FirmwareFlag: '2', DeviceType: '4' };
  const head = Buffer.from(
    Object.entries({ ...fields, Active: 'true', Filename: name })
      .map(([key, value]) => field(key, value))
      .join('') +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="Firmware"; filename="${name}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const pieces = Math.ceil(file.length / CHUNK);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    let answered = false;
    const request = http.request(new URL(apiPaths.firmwares, apiBase), {
      method: 'POST',
      agent: false,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': head.length + file.length + tail.length,
      },
    });
    request.on('response', (response) => {
      answered = true;
      const body: Buffer[] = [];
      response.on('data', (chunk: Buffer) => body.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(body).toString() });
        request.destroy();
      });
    });
    // After a refusal the server closes the connection while the rest is still being sent.
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    const pump = (sent: number): void => {
      if (answered || request.destroyed) return;
      if (sent === pieces) {
        request.end(tail);
        return;
      }
      request.write(file.subarray(sent * CHUNK, (sent + 1) * CHUNK));
      setTimeout(pump, TRICKLE_MS / pieces, sent + 1);
    };
    request.write(head);
    pump(0);
  });
}

/** Sends `message` to the server process and waits for its next answer. */
function ask<T extends Server.FromServer>(child: ChildProcess, message: Server.ToServer) {
  return new Promise<T>((resolve, reject) => {
    const exited = (code: unknown) => {
      reject(new Error(`upload server exited (${String(code)})`));
    };
    if (child.exitCode !== null) {
      exited(child.exitCode);
      return;
    }
    child.once('exit', exited);
    child.once('message', (reply) => {
      child.off('exit', exited);
      resolve(reply as T);
    });
    child.send(message);
  });
}

interface Round extends Server.Baseline {
  name: string;
  expected: string;
  /** Answers as expected (200 with the file's size and hash, or the 400 above). */
  ok: number;
  firstProblem: string | undefined;
  wallMs: number;
  memory: Server.MemoryPeak;
}

/** `count` uploads of `fileBytes` started at once; checks every answer. */
async function uploadRound(
  server: { child: ChildProcess; apiBase: string; token: string },
  name: string,
  fileBytes: number,
  count = CLIENTS,
): Promise<Round> {
  const file = randomBytes(fileBytes);
  const sha256 = createHash('sha256').update(file).digest('hex');
  const tooLarge = fileBytes > FIRMWARE_FILE.maxBytes;
  const base = await ask<Server.Baseline>(server.child, 'baseline');
  const start = performance.now();
  const answers = await Promise.all(
    Array.from({ length: count }, async () => {
      const version = nextVersion();
      try {
        const { status, body } = await upload(server.apiBase, server.token, version, file);
        if (tooLarge) {
          const same = status === 400 && JSON.stringify(JSON.parse(body)) === REFUSED;
          return same ? undefined : `${status} ${body}`;
        }
        const saved = status === 200 ? (JSON.parse(body) as Record<string, unknown>) : {};
        const same = saved.Version === version && saved.Size === fileBytes;
        return same && saved.Sha256 === sha256 ? undefined : `${status} ${body.slice(0, 200)}`;
      } catch (error) {
        return `request failed: ${(error as Error).message}`;
      }
    }),
  );
  const wallMs = performance.now() - start;
  const memory = await ask<Server.MemoryPeak>(server.child, 'peak');
  const problems = answers.filter((a) => a !== undefined);
  const [ok, firstProblem] = [count - problems.length, problems[0]];
  const expected = tooLarge ? '400 File too large' : '200';
  return { ...base, name, expected, ok, firstProblem, wallMs, memory };
}

const mib = (bytes: number, digits = 1) => round(bytes / MiB, digits);

/** Growth over the baseline, whole and per upload in flight, in MiB. */
function growth(r: Round) {
  const { peak, heapBeforeGc, heapAfterGc, fullGcs } = r.memory;
  const rss = peak.rss - r.baseline.rss;
  // The heap's peak, also while the event loop was too busy to sample (GC profiler).
  const heapPeak = Math.max(peak.heapUsed, heapBeforeGc) - r.baseline.heapUsed;
  // Samples may miss the peak in a long stall: heap+AB grew at least as much as the heap did.
  const heapAndBuffers = Math.max(peak.heapAndBuffers - r.baseline.heapAndBuffers, heapPeak);
  return {
    rss: mib(rss),
    heapAndBuffers: mib(heapAndBuffers),
    heapPeak: mib(heapPeak),
    liveHeap: fullGcs > 0 ? mib(heapAfterGc - r.baseline.heapUsed) : Number.NaN,
    rssPerUpload: mib(rss / CLIENTS, 2),
    heapAndBuffersPerUpload: mib(heapAndBuffers / CLIENTS, 2),
  };
}

const HEADER =
  'round|answered|RSS MiB|RSS +MiB|heap+AB +MiB|heap peak +MiB|live heap +MiB|' +
  'per upload MiB (RSS / heap+AB)|wall s|loop stall|goal';

function report(label: string, rounds: readonly Round[]): Outcome {
  const goal = atMost(GOAL_MIB_PER_UPLOAD);
  const rows = rounds.map((r) => {
    const g = growth(r);
    const met = g.rssPerUpload <= goal.limit && g.heapAndBuffersPerUpload <= goal.limit;
    return [
      r.name,
      `${r.ok}/${CLIENTS} ${r.expected}`,
      `${mib(r.baseline.rss)} → ${mib(r.memory.peak.rss)}`,
      ...[g.rss, g.heapAndBuffers, g.heapPeak, g.liveHeap].map(String),
      `${g.rssPerUpload} / ${g.heapAndBuffersPerUpload}`,
      String(round(r.wallMs / 1000, 2)),
      `${round(r.memory.maxGapMs)} ms`,
      met ? 'met' : 'NOT MET',
    ];
  });
  const gc = rounds.every((r) => r.gcForced) ? 'a forced GC' : 'NO forced GC (no --expose-gc)';
  printBlock(`Library uploads on ${label}: ${CLIENTS} concurrent firmware uploads`, [
    `goal: no growth beyond a few MiB per upload in flight (met at <= ${goal.limit} MiB per ` +
      'upload of RSS and of heapUsed + arrayBuffers)',
    `files of ${FIRMWARE_FILE.maxBytes} bytes (the limit) and ${OVER_LIMIT_BYTES} (over it), ` +
      `each trickled in over ~${TRICKLE_MS} ms; growth = peak - baseline (taken after ${gc}); ` +
      'heap peak / live heap: the most heap used before any GC / after a full GC in the round',
    table(HEADER.split('|'), rows, [3, 4, 5, 6, 8, 9]),
    ...rounds.flatMap((r) => (r.firstProblem ? [`${r.name}: ${r.firstProblem}`] : [])),
  ]);
  const metrics: Metric[] = rounds.flatMap((r) => {
    const [name, g] = [`${label} uploads ${r.name}`, growth(r)];
    const perUpload = (what: string, value: number): Metric => {
      return { name: `${name}: ${what} per upload in flight`, value, unit: 'MiB', goal };
    };
    return [
      { name: `${name}: answered ${r.expected}`, value: r.ok, unit: '', goal: atLeast(CLIENTS) },
      perUpload('RSS', g.rssPerUpload),
      perUpload('heap+arrayBuffers', g.heapAndBuffersPerUpload),
      { name: `${name}: wall time`, value: round(r.wallMs / 1000, 2), unit: 's' },
    ];
  });
  return {
    metrics,
    details: { database: label, rounds: rounds.map((r) => ({ ...r, growthMiB: growth(r) })) },
  };
}

export async function benchLibraryUploads(kind: DatabaseKind, adminUrl?: string): Promise<Outcome> {
  const label = LABEL[kind];
  const fresh = await freshDatabase(kind, adminUrl);
  let child: ChildProcess | undefined;
  try {
    const secrets = createSecretBox(randomBytes(32).toString('base64url'));
    await seedDemo(fresh.database.db, { secrets });
    // PGlite admits one process at a time: the seeding handle lets go before the API opens it.
    await fresh.release();
    child = fork(serverPath, { execArgv: ['--import', 'tsx', '--expose-gc'] });
    const server = { child, ...(await ask<Server.Ready>(child, { options: fresh.options })) };
    // Warm-up: the route, busboy and the database's first writes, before any baseline.
    await uploadRound(server, 'warm-up', FIRMWARE_FILE.maxBytes, 10);
    await uploadRound(server, 'warm-up', OVER_LIMIT_BYTES, 5);
    const rounds: Round[] = [];
    const sizes = [...Array<number>(ROUNDS).fill(FIRMWARE_FILE.maxBytes), OVER_LIMIT_BYTES];
    for (const [i, bytes] of sizes.entries())
      rounds.push(await uploadRound(server, i < ROUNDS ? `round ${i + 1}` : 'over limit', bytes));
    return report(label, rounds);
  } finally {
    if (child && child.exitCode === null) {
      const gone = once(child, 'exit');
      child.send('stop');
      await gone;
    }
    await fresh.dispose();
  }
}
