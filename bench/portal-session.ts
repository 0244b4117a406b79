/** One built PWA and one running portal, shared by the browser benchmarks and started lazily. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { startPortal, type Portal } from '../tests/e2e/support/portal';

/** Builds dist/ when it is missing or BENCH_BUILD=1; a stale dist/ is the caller's choice. */
function ensureBuild(): void {
  if (existsSync('dist/index.html') && process.env.BENCH_BUILD !== '1') return;
  console.log('[build] npx vite build…');
  const result = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`vite build failed (exit ${String(result.status)})`);
}

export interface PortalSession {
  /** The running portal; the first call builds (if needed) and starts it. */
  get(): Promise<Portal>;
  stop(): Promise<void>;
}

export function portalSession(): PortalSession {
  // Memoised promise: a failed build or start is reported to every benchmark, not retried.
  let portal: Promise<Portal> | undefined;
  return {
    get() {
      portal ??= (async () => {
        ensureBuild();
        // The pages need no device port; 0 keeps the benchmark off the machine-wide default (5000).
        process.env.DEVICE_PORT ??= '0';
        return startPortal();
      })();
      return portal;
    },
    async stop() {
      if (!portal) return;
      const running = await portal.catch(() => undefined);
      await running?.stop();
    },
  };
}
