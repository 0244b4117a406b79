/** Bounded-concurrency GET load against one URL, run from a child process (see the client). */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface LoadPlan {
  url: string;
  /**
   * Optional page loads instead of one URL: each job is a list of phases run one after the other,
   * each phase's URLs fetched in parallel; jobs are taken round-robin and timed as a whole.
   */
  jobs?: string[][][];
  token: string;
  /** Clients firing back to back, each with its own keep-alive connection. */
  concurrency: number;
  /** Unmeasured requests first (JIT, connection set-up, database caches). */
  warmup: number;
  requests: number;
  /** Stop issuing measured requests after this long, whatever `requests` says. */
  capMs: number;
}

export interface LoadResult {
  latenciesMs: number[];
  wallMs: number;
  failures: number;
  firstError: string | undefined;
}

const clientPath = fileURLToPath(new URL('./http-load-client.ts', import.meta.url));

export function runLoad(plan: LoadPlan): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(clientPath, { execArgv: ['--import', 'tsx'] });
    let result: LoadResult | undefined;
    child.once('message', (message) => (result = message as LoadResult));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (result) resolve(result);
      else reject(new Error(`load client exited with code ${String(code)} without a result`));
    });
    child.send(plan);
  });
}
