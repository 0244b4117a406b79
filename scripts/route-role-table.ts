/**
 * `npx tsx scripts/route-role-table.ts [prefix…]`: the status each demo role gets from each API
 * route whose path starts with a prefix (default: the admin console's customers, users, roles
 * and features), called on the caller's own objects with the OpenAPI document's example body.
 * Each write runs on a fresh demo database, so one role's delete never decides another's answer.
 * Prints a Markdown table (for the closing note of an issue; the tests assert the rules).
 */
import type { InjectOptions } from 'fastify';
import { DEMO_PASSWORD } from '../src/server/seed/demo';
import { ADMIN, ROLES, USER } from '../src/server/test/api';
import { ID_FIXTURES, visibleCustomers } from '../src/server/test/authorization/id-fixtures';
import {
  missingId,
  requestWith,
  type Fixtures,
  type IdSlot,
} from '../src/server/test/authorization/requests';
import { idKindsOf } from '../src/server/test/fuzz/schema-values';
import {
  operationName,
  operationsOf,
  readOpenApi,
  type Operation,
} from '../src/server/test/fuzz/operations';
import { createTestContext, type TestContext } from '../src/server/test/harness';
import { ID_KINDS, type IdKind } from '../src/shared/api/ids';

const prefixes = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['/api/customers', '/api/users', '/api/roles', '/api/features'];
const NO_SLOT: IdSlot = { in: 'query', path: ['-'], kinds: [], asText: true };

/** Names and emails made unique, so an example does not collide with the demo data. */
function fresh(value: unknown, n: number): unknown {
  if (Array.isArray(value)) return value.map((v) => fresh(v, n));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (typeof v === 'string' && /^(name|email)$/i.test(key))
      out[key] = key.toLowerCase() === 'email' ? `t${n}.${v}` : `${v} T${n}`;
    else out[key] = fresh(v, n);
  }
  return out;
}

/** An id the example leaves null (no main reseller) stays null: requestWith fills every id. */
function keepNulls(request: InjectOptions, example: unknown): InjectOptions {
  if (typeof request.payload !== 'string' || example === null || typeof example !== 'object')
    return request;
  const body = JSON.parse(request.payload) as Record<string, unknown>;
  for (const [key, value] of Object.entries(example)) if (value === null) body[key] = null;
  return { ...request, payload: JSON.stringify(body) };
}

async function statusOf(ctx: TestContext, op: Operation, email: string, n: number) {
  // An admin may act on anything: it gets the objects of Atlas Freight's user. A reseller's
  // customer is one below it where it has one (its own would answer "You can't delete yourself!").
  const customers = await visibleCustomers(ctx.database.db, email === ADMIN ? USER : email);
  const below = customers.length > 1 ? customers.slice(1) : customers;
  const fixtures = {} as Fixtures;
  for (const kind of Object.keys(ID_KINDS) as IdKind[])
    fixtures[kind] = await ID_FIXTURES[kind](
      ctx.database.db,
      kind === 'customer' ? below : customers,
    ).catch(() => ({ own: missingId(kind), foreign: missingId(kind) }));
  const example = op.examples[0] === undefined ? undefined : fresh(op.examples[0], n);
  const request = keepNulls(requestWith(op, fixtures, example, NO_SLOT, 'customer', ''), example);
  const response = await ctx.app.inject({
    ...request,
    headers: { ...request.headers, ...(await ctx.authHeader(email)) },
  });
  const message = response.statusCode >= 400 ? response.body.slice(0, 70) : '';
  return { status: response.statusCode, message };
}

const shared = await createTestContext();
const operations = operationsOf(await readOpenApi(shared.app)).filter((op) =>
  prefixes.some((p) => op.path === p || op.path.startsWith(`${p}/`)),
);
const rows: string[] = [];
const notes: string[] = [];
let n = 0;
for (const op of operations) {
  const cells: string[] = [];
  for (const email of ROLES) {
    n += 1;
    const write = op.method !== 'GET';
    const ctx = write ? await createTestContext() : shared;
    try {
      const { status, message } = await statusOf(ctx, op, email, n);
      cells.push(String(status));
      if (message) notes.push(`${operationName(op)} as ${email}: ${status} ${message}`);
    } finally {
      if (write) await ctx.close();
    }
  }
  const ids = op.pathParams.flatMap((p) => idKindsOf(p.schema)).join(', ');
  rows.push(`| ${operationName(op)} | ${cells.join(' | ')} | ${ids} |`);
}
await shared.close();

console.log(
  `Demo logins (password ${DEMO_PASSWORD.replace(/./g, '•')}), own objects in the path:\n`,
);
console.log(`| route | ${ROLES.map((r) => r.split('@')[0]).join(' | ')} | path ids |`);
console.log(`| --- | ${ROLES.map(() => '---').join(' | ')} | --- |`);
for (const row of rows) console.log(row);
console.log('\nAnswers other than 2xx:');
for (const note of notes) console.log(`- ${note}`);
