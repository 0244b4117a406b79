import fc from 'fast-check';
import type { App } from '@server/http/types';
import type { Db } from '@server/db/client';
import { fuzzCases, type FuzzCase } from './cases';
import { violations } from './checks';
import { readIdPool } from './id-pool';
import { operationName, operationsOf, readOpenApi, type Operation } from './operations';
import { undocumentedRoutes } from './registered-routes';
import { fuzzSessions, sendCase, urlOf } from './send';
import { signInWatch } from './sign-in-objects';

export interface CampaignOptions {
  /** Cases in total, spread evenly over the document's operations. */
  cases: number;
  seed: number;
  /** Cases generated and sent per operation at a time (round robin over operations). */
  batch?: number;
  onProgress?: (sent: number) => void;
}

export interface Violation {
  operation: string;
  request: string;
  problems: string[];
}

export interface CampaignResult {
  cases: number;
  operations: number;
  /** Operations that received at least one case. */
  covered: number;
  undocumented: string[];
  statusCounts: Record<string, number>;
  /** Per operation: status code → count. */
  byOperation: Record<string, Record<string, number>>;
  violations: Violation[];
  seconds: number;
}

export const describeCase = (op: Operation, c: FuzzCase): string =>
  `${c.identity} ${c.variant} ${op.method} ${urlOf(op, c).slice(0, 300)}` +
  (c.body ? ` body ${JSON.stringify(c.body).slice(0, 300)}` : '');

const bump = (counts: Record<string, number>, key: string) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

/**
 * The fuzz test's generators at volume (`npm run bench -- --only fuzz`): reads the app's own
 * document and sends `cases` generated requests over all its operations, counting answers by
 * status and collecting every violation instead of stopping at the first.
 */
export async function runCampaign(
  app: App,
  db: Db,
  options: CampaignOptions,
): Promise<CampaignResult> {
  const started = performance.now();
  const operations = operationsOf(await readOpenApi(app));
  const pool = await readIdPool(db);
  const sessions = fuzzSessions(app, await signInWatch(db, pool.signIn));
  const perOperation = Math.ceil(options.cases / operations.length);
  const batch = options.batch ?? 50;
  const arbitraries = operations.map((op) => fuzzCases(op, pool));
  const result: CampaignResult = {
    cases: 0,
    operations: operations.length,
    covered: 0,
    undocumented: undocumentedRoutes(app, operations),
    statusCounts: {},
    byOperation: {},
    violations: [],
    seconds: 0,
  };
  for (let round = 0; round * batch < perOperation; round++) {
    const count = Math.min(batch, perOperation - round * batch);
    for (const [index, op] of operations.entries()) {
      const name = operationName(op);
      const seed = options.seed + round * 7919 + index;
      const counts = (result.byOperation[name] ??= {});
      for (const fuzzCase of fc.sample(arbitraries[index] as fc.Arbitrary<FuzzCase>, {
        seed,
        numRuns: count,
      })) {
        const response = await sendCase(app, op, fuzzCase, sessions);
        bump(result.statusCounts, String(response.statusCode));
        bump(counts, String(response.statusCode));
        const problems = violations(op, fuzzCase, response, sessions);
        if (problems.length)
          result.violations.push({
            operation: name,
            request: describeCase(op, fuzzCase),
            problems,
          });
        result.cases++;
      }
      options.onProgress?.(result.cases);
    }
  }
  result.covered = Object.values(result.byOperation).filter((c) => Object.keys(c).length).length;
  result.seconds = (performance.now() - started) / 1000;
  return result;
}
