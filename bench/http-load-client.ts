/**
 * Child-process side of http-load.ts: fires the requests with Node's fetch (undici, keep-alive).
 * A separate process so the load generator does not share the server's event loop (PGlite runs
 * on that same thread) and each gets one of the two cores.
 */
import type { LoadPlan, LoadResult } from './http-load';

async function fire(plan: LoadPlan, total: number, deadline: number): Promise<LoadResult> {
  const latenciesMs: number[] = [];
  let issued = 0;
  let failures = 0;
  let firstError: string | undefined;
  const headers = { authorization: `Bearer ${plan.token}` };
  const get = async (url: string) => {
    const response = await fetch(url, { headers });
    // The body is part of the answer: time it to the last byte.
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  };
  const jobs = plan.jobs ?? [[[plan.url]]];
  const client = async () => {
    while (issued < total && performance.now() < deadline) {
      const job = jobs[issued % jobs.length] ?? [];
      issued += 1;
      const start = performance.now();
      try {
        for (const phase of job) await Promise.all(phase.map(get));
        latenciesMs.push(performance.now() - start);
      } catch (error) {
        failures += 1;
        firstError ??= (error as Error).message;
      }
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: plan.concurrency }, client));
  return { latenciesMs, wallMs: performance.now() - start, failures, firstError };
}

process.once('message', (plan: LoadPlan) => {
  void (async () => {
    await fire(plan, plan.warmup, Number.POSITIVE_INFINITY);
    const result = await fire(plan, plan.requests, performance.now() + plan.capMs);
    process.send?.(result, () => {
      process.disconnect();
    });
  })();
});
