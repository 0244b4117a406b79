import { spawn, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { chromium, type Browser } from 'playwright-core';
import { seedEntry, serverEntry } from '../../../scripts/build.mjs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Without these, Chromium keeps calling home through a network this machine does not have.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface LaunchOptions {
  /**
   * Host names the browser resolves to 127.0.0.1: the portal opened as `http://<name>:<port>/`
   * is an insecure origin, like a phone on the LAN at http://192.168.x.y:8080 (localhost and
   * 127.0.0.1 count as secure).
   */
  loopbackNames?: string[];
  /**
   * A fake camera: Chromium's own moving test pattern (`true`) or a Y4M/MJPEG file it plays in
   * a loop (the label scan's barcode). A page still needs the camera permission granted.
   */
  fakeCamera?: true | string;
}

export function launchBrowser({
  loopbackNames = [],
  fakeCamera,
}: LaunchOptions = {}): Promise<Browser> {
  const mapped = loopbackNames.map((name) => `MAP ${name} 127.0.0.1`).join(',');
  const args = mapped ? [...CHROMIUM_ARGS, `--host-resolver-rules=${mapped}`] : [...CHROMIUM_ARGS];
  if (fakeCamera) args.push('--use-fake-device-for-media-stream');
  if (typeof fakeCamera === 'string') args.push(`--use-file-for-fake-video-capture=${fakeCamera}`);
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => {
        resolve(port);
      });
    });
  });
}

async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  log: () => string,
  timeoutMs = 90_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`portal exited early:\n${log()}`);
    try {
      const response = await fetch(`${baseUrl}api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`portal did not become healthy:\n${log()}`);
}

/** A PostgreSQL database of its own when TEST_DATABASE_URL is set, seeded like the demo. */
async function postgresFor(
  env: NodeJS.ProcessEnv,
): Promise<{ url: string; drop(): Promise<void> } | null> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return null;
  const name = `fp_e2e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await run([seedEntry], { ...env, DATABASE_URL: url.toString() });
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--enable-source-maps', ...args], {
      env,
      stdio: 'pipe',
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${args.join(' ')} failed:\n${output}`));
    });
  });
}

export interface Portal {
  baseUrl: string;
  stop(): Promise<void>;
  /** Stops the server process only: same port, data dir and database for `resume()`. */
  pause(): Promise<void>;
  /** Starts the server again after `pause()` and waits until it is healthy. */
  resume(): Promise<void>;
}

interface ServerProcess {
  child: ChildProcess;
  output: () => string;
}

function spawnServer(env: NodeJS.ProcessEnv): ServerProcess {
  const child = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
    env,
    stdio: 'pipe',
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return { child, output: () => output };
}

async function endProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exited;
}

// The demo seed dates messages, downloads and logs from the time it runs: a copy older than this
// is seeded afresh, so no test sees data more than a few minutes older than its own start.
const TEMPLATE_MAX_AGE_MS = 10 * 60 * 1000;
// A seeding that has not finished in this long (its process gone) no longer holds the lock.
const SEEDING_AT_MOST_MS = 5 * 60 * 1000;

/** The current seeded copy (a directory below the template root), if one is young enough. */
function currentTemplate(templateRoot: string): string | null {
  const ready = path.join(templateRoot, 'ready');
  if (!existsSync(ready)) return null;
  if (Date.now() - statSync(ready).mtimeMs > TEMPLATE_MAX_AGE_MS) return null;
  return path.join(templateRoot, readFileSync(ready, 'utf8').trim());
}

/**
 * Seeds a new copy under the template root and makes it the current one. Each seeding writes a
 * directory of its own and names it in `ready` by an atomic rename, so a file copying the
 * previous one while two test files start at once (two workers) never sees it half removed or
 * half written. Older copies stay until the run's global teardown removes the root.
 */
async function seedTemplate(templateRoot: string, env: NodeJS.ProcessEnv): Promise<void> {
  const name = `data-${Date.now()}-${randomBytes(4).toString('hex')}`;
  const port = await freePort();
  const seeding = spawnServer({
    ...env,
    PORT: String(port),
    DATA_DIR: path.join(templateRoot, name),
  });
  try {
    // Loading the demo takes minutes on a busy 2-core machine, the other worker's file starting.
    await waitForHealth(`http://127.0.0.1:${port}/`, seeding.child, seeding.output, 180_000);
  } finally {
    await endProcess(seeding.child);
  }
  const next = path.join(templateRoot, `ready-${name}`);
  writeFileSync(next, name);
  renameSync(next, path.join(templateRoot, 'ready'));
}

/**
 * Fills an empty data dir with a copy of the run's seeded one (E2E_TEMPLATE_DIR, set by the e2e
 * project's global setup), seeding that first when it is missing or old: the same demo data as a
 * first start, without seeding it for every file. One file seeds at a time (a lock directory);
 * another starting meanwhile waits for that copy. Without the variable (benchmarks) nothing is
 * copied and the server seeds as on a first start.
 */
async function copySeededTemplate(dataDir: string, env: NodeJS.ProcessEnv): Promise<void> {
  const templateRoot = process.env.E2E_TEMPLATE_DIR;
  if (!templateRoot) return;
  const lock = path.join(templateRoot, 'seeding');
  let template = currentTemplate(templateRoot);
  while (!template) {
    let locked = false;
    try {
      mkdirSync(lock);
      locked = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (locked) {
      try {
        // Another file may have finished seeding between the check and the lock.
        if (!currentTemplate(templateRoot)) await seedTemplate(templateRoot, env);
      } finally {
        rmSync(lock, { recursive: true, force: true });
      }
    } else {
      // Someone else is seeding: wait for their copy (or take over a lock left behind).
      await new Promise((r) => setTimeout(r, 500));
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > SEEDING_AT_MOST_MS) {
        rmSync(lock, { recursive: true, force: true });
      }
    }
    template = currentTemplate(templateRoot);
  }
  cpSync(template, dataDir, { recursive: true });
}

/**
 * Starts the production server (`build/server/main.js`, built by the project's set-up) as a
 * child process on a free port, serving the built PWA from dist/ with the demo data: embedded database by default, PostgreSQL when
 * TEST_DATABASE_URL is set. `extraEnv` sets server variables (e.g. a short TOKEN_TTL_SECONDS).
 */
export async function startPortal(extraEnv: Record<string, string> = {}): Promise<Portal> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fp-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: path.resolve('dist'),
    LOG_LEVEL: 'warn',
    // The device link is also served on the main port; a second fixed port would collide.
    DEVICE_PORT: '0',
    // The demo's forwards point at the local receivers (npm run receiver): no connections (and
    // no Log entries of failed deliveries) unless a test turns forwarding on with a receiver of
    // its own.
    FORWARDING: 'off',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  const postgres = await postgresFor(env);
  if (postgres) env.DATABASE_URL = postgres.url;
  else await copySeededTemplate(dataDir, env);

  const baseUrl = `http://127.0.0.1:${port}/`;
  let server = spawnServer(env);
  await waitForHealth(baseUrl, server.child, server.output);

  return {
    baseUrl,
    async stop() {
      // Killed, not shut down: its data goes next, and a clean shutdown took a second a file.
      await endProcess(server.child, 'SIGKILL');
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async pause() {
      await endProcess(server.child);
    },
    async resume() {
      await endProcess(server.child);
      server = spawnServer(env);
      await waitForHealth(baseUrl, server.child, server.output);
    },
  };
}
