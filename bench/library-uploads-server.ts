/**
 * Child process of bench/library-uploads.ts: the API (buildApp, as in bench/tacho-api-process)
 * on the benchmark's database, alone in its process so the memory it samples is the server's.
 * Messages over IPC: it receives `{ options }` and answers `{ apiBase, token }` (the demo admin
 * signed in); `baseline` forces a full GC (with `--expose-gc`), reads `process.memoryUsage()`
 * and starts sampling; `peak` stops sampling and answers the highest readings; `stop` closes
 * the API and the database and exits.
 *
 * Three samplers, as the main thread may be too busy to sample: `process.memoryUsage()` every
 * SAMPLE_MS on the main thread (a busy event loop delays it: `maxGapMs` says how long); the
 * process's RSS every SAMPLE_MS from a worker thread, which keeps sampling meanwhile; and V8's
 * GC profiler, which records the heap before and after every collection, busy loop or not.
 */
import { GCProfiler } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { openDatabase, type OpenOptions } from '../src/server/db/client';
import { startBenchApi } from './bench-api';

const SAMPLE_MS = 20;

export interface MemoryReading {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** heapUsed + arrayBuffers of one reading (the JS heap and the Buffers it holds). */
  heapAndBuffers: number;
}

export interface MemoryPeak {
  /** Each field's highest value over the samples; rss includes the worker's samples. */
  peak: MemoryReading;
  samples: number;
  /** The longest gap between two main-thread samples: the event loop was busy that long. */
  maxGapMs: number;
  rssSamples: number;
  /** Highest used heap before any GC (garbage included), and after a full GC (live; 0: none). */
  heapBeforeGc: number;
  heapAfterGc: number;
  gcs: number;
  fullGcs: number;
}

export interface Ready {
  apiBase: string;
  /** The demo admin's access token. */
  token: string;
}

export interface Baseline {
  baseline: MemoryReading;
  /** False without `--expose-gc`: the baseline then holds whatever garbage was left. */
  gcForced: boolean;
}

export type ToServer = { options: OpenOptions } | 'baseline' | 'peak' | 'stop';
export type FromServer = Ready | Baseline | MemoryPeak;

/** [highest RSS, samples]: written by the RSS worker, reset by the main thread. */
const rssShared = new Float64Array(new SharedArrayBuffer(16));
const rssWorker = new Worker(
  `const { workerData: shared } = require('node:worker_threads');
  setInterval(() => {
    shared[0] = Math.max(shared[0], process.memoryUsage.rss());
    shared[1] += 1;
  }, ${SAMPLE_MS});`,
  { eval: true, workerData: rssShared },
);
rssWorker.unref();

function read(): MemoryReading {
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  return { rss, heapUsed, external, arrayBuffers, heapAndBuffers: heapUsed + arrayBuffers };
}

const highest = (a: MemoryReading, b: MemoryReading): MemoryReading => ({
  rss: Math.max(a.rss, b.rss),
  heapUsed: Math.max(a.heapUsed, b.heapUsed),
  external: Math.max(a.external, b.external),
  arrayBuffers: Math.max(a.arrayBuffers, b.arrayBuffers),
  heapAndBuffers: Math.max(a.heapAndBuffers, b.heapAndBuffers),
});

let peak: MemoryReading | undefined;
let samples = 0;
let maxGapMs = 0;
let lastSample = 0;
let timer: NodeJS.Timeout | undefined;
let profiler: GCProfiler | undefined;

function sample(): void {
  const now = performance.now();
  maxGapMs = Math.max(maxGapMs, now - lastSample);
  lastSample = now;
  samples++;
  const reading = read();
  peak = peak ? highest(peak, reading) : reading;
}

async function baseline(): Promise<Baseline> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    gc();
    gc();
  }
  // Let finalizers and freed external memory settle before the reading.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const reading = read();
  peak = reading;
  samples = 0;
  maxGapMs = 0;
  lastSample = performance.now();
  rssShared[0] = reading.rss;
  rssShared[1] = 0;
  timer = setInterval(sample, SAMPLE_MS);
  profiler = new GCProfiler();
  profiler.start();
  return { baseline: reading, gcForced: gc !== undefined };
}

function stopSampling(): MemoryPeak {
  clearInterval(timer);
  timer = undefined;
  sample();
  const gcs = profiler?.stop().statistics ?? [];
  profiler = undefined;
  if (!peak) throw new Error('peak asked for before baseline');
  const most = (heaps: number[]) => Math.max(0, ...heaps);
  return {
    peak: { ...peak, rss: Math.max(peak.rss, rssShared[0] ?? 0) },
    samples,
    maxGapMs,
    rssSamples: rssShared[1] ?? 0,
    heapBeforeGc: most(gcs.map((g) => g.beforeGC.heapStatistics.usedHeapSize)),
    // After a full collection only: a scavenge leaves the old generation's garbage counted.
    heapAfterGc: most(
      gcs
        .filter((g) => g.gcType === 'MarkSweepCompact')
        .map((g) => g.afterGC.heapStatistics.usedHeapSize),
    ),
    gcs: gcs.length,
    fullGcs: gcs.filter((g) => g.gcType === 'MarkSweepCompact').length,
  };
}

let close = (): Promise<void> => Promise.resolve();

async function start(options: OpenOptions): Promise<Ready> {
  const database = await openDatabase(options);
  const api = await startBenchApi(database);
  close = async () => {
    await api.close();
    await database.close();
  };
  return { apiBase: api.apiBase, token: await api.signIn('admin@demo.test') };
}

async function answer(message: ToServer): Promise<FromServer | undefined> {
  if (message === 'baseline') return baseline();
  if (message === 'peak') return stopSampling();
  if (message === 'stop') {
    clearInterval(timer);
    await close();
    await rssWorker.terminate();
    process.exit(0);
  }
  return start(message.options);
}

process.on('message', (message: ToServer) => {
  answer(message).then(
    (reply) => {
      if (reply) process.send?.(reply);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
