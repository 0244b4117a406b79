import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { describeCase } from '@server/test/fuzz/campaign';
import { fuzzCases } from '@server/test/fuzz/cases';
import { violations } from '@server/test/fuzz/checks';
import { readIdPool } from '@server/test/fuzz/id-pool';
import { operationName, operationsOf, readOpenApi } from '@server/test/fuzz/operations';
import { undocumentedRoutes } from '@server/test/fuzz/registered-routes';
import { fuzzSessions, sendCase } from '@server/test/fuzz/send';
import { signInWatch } from '@server/test/fuzz/sign-in-objects';
import { createTestContext } from '@server/test/harness';

/**
 * Every operation of the server's own OpenAPI document gets generated valid, boundary and
 * hostile requests from every demo role and without a token (issue 9). A route added later is
 * fuzzed by being in the document, and the document must list every registered route.
 * `FUZZ_RUNS` sets the cases per operation, `FUZZ_SEED` replays a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 32);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

const ctx = await createTestContext();
const operations = operationsOf(await readOpenApi(ctx.app));
const pool = await readIdPool(ctx.database.db);
const sessions = fuzzSessions(ctx.app, await signInWatch(ctx.database.db, pool.signIn));
afterAll(() => ctx.close());

describe('the OpenAPI document', () => {
  it('describes every route the app registered', () => {
    expect(operations.length).toBeGreaterThan(0);
    expect(undocumentedRoutes(ctx.app, operations)).toEqual([]);
  });

  it('declares exactly the path parameters of each path', () => {
    const mismatched = operations.filter((op) => {
      const inPath = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      return (
        inPath.join() !==
        op.pathParams
          .map((p) => p.name)
          .sort()
          .join()
      );
    });
    expect(mismatched.map(operationName)).toEqual([]);
  });
});

describe(`every operation, ${RUNS} generated requests each (FUZZ_SEED=${SEED})`, () => {
  it.each(operations.map((op) => [operationName(op), op] as const))('%s', async (_, op) => {
    await fc.assert(
      fc.asyncProperty(fuzzCases(op, pool), async (fuzzCase) => {
        const response = await sendCase(ctx.app, op, fuzzCase, sessions);
        const found = violations(op, fuzzCase, response, sessions);
        if (found.length) {
          throw new Error(`${found.join('; ')}\n  request: ${describeCase(op, fuzzCase)}`);
        }
      }),
      // No shrinking: each step is a request against a database the earlier ones changed.
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  });
});
