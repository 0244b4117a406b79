/**
 * Child-process side of http-load.ts: fires the requests over keep-alive node:http connections.
 * A separate process so the load generator does not share the server's event loop (PGlite runs
 * on that same thread) and each gets one of the two cores. Lean like wrk or autocannon: it asks
 * for gzip as a browser does but reads the body as bytes, since undici's fetch (streams, and
 * inflating every answer) kept this process busy enough to add its own queueing to the
 * latencies on a two-core machine (docs/decisions/039).
 */
import http from 'node:http';
import type { LoadPlan, LoadResult } from './http-load';

function getBytes(agent: http.Agent, url: string, headers: http.OutgoingHttpHeaders) {
  return new Promise<void>((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      response.on('data', () => undefined);
      response.on('error', reject);
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        if (status >= 200 && status < 300) resolve();
        else reject(new Error(`HTTP ${status} for ${url}`));
      });
    });
    request.on('error', reject);
  });
}

async function fire(plan: LoadPlan, total: number, deadline: number): Promise<LoadResult> {
  const latenciesMs: number[] = [];
  let issued = 0;
  let failures = 0;
  let firstError: string | undefined;
  const headers = { authorization: `Bearer ${plan.token}`, 'accept-encoding': 'gzip' };
  const agent = new http.Agent({ keepAlive: true, maxSockets: plan.concurrency * 8 });
  // The body is part of the answer: timed to its last byte.
  const get = (url: string) => getBytes(agent, url, headers);
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
  agent.destroy();
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
