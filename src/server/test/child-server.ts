import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { createServer } from 'node:net';
import type { Readable } from 'node:stream';

/** What production runs (scripts/build.mjs), relative to the repository's root. */
export const SERVER_ENTRY = 'build/server/main.js';

export type ServerChild = ChildProcessByStdio<null, Readable, Readable>;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
  });
}

/**
 * The production server (`build/server/main.js`, built by the project's set-up from
 * `src/server/main.ts`) as a child process with piped stdout and stderr.
 */
export function spawnServer(env: NodeJS.ProcessEnv): ServerChild {
  return spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export async function waitForHealth(baseUrl: string, child: ServerChild, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before it served`);
    try {
      const response = await fetch(new URL('api/health', baseUrl), {
        signal: AbortSignal.timeout(2_000),
      });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not become healthy within ${timeoutMs} ms`);
}

/** Milliseconds until the child exits, or null when it is still running after `timeoutMs`. */
export function exitWithin(child: ServerChild, timeoutMs: number): Promise<number | null> {
  const start = Date.now();
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(0);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      resolve(null);
    }, timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(Date.now() - start);
    });
  });
}

/** Ends a child that outlived its test, for good. */
export async function killServer(child: ServerChild | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => {
    child.once('exit', resolve);
  });
  child.kill('SIGKILL');
  await exited;
}
