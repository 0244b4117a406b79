import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { ID_KINDS, type IdKind } from '@shared/api/ids';
import type { LoginResponse } from '@shared/access/auth';
import { can, type Action, type Subject } from '@shared/access/permissions';
import { DEMO_PASSWORD } from '@server/seed/demo';
import { RESELLER, ROLES, USER, VIEWER } from '@server/test/api';
import { idKindsOf } from '@server/test/fuzz/schema-values';
import { ACCESS_DENIED, VIEWERS_READ_ONLY } from './access';
import { ID_FIXTURES, visibleCustomers } from '@server/test/authorization/id-fixtures';
import {
  missingId,
  objectIdSlots,
  requestWith,
  slotName,
  type Fixtures,
} from '@server/test/authorization/requests';
import { undocumentedAnswer } from '@server/test/fuzz/answers';
import {
  operationName,
  operationsOf,
  readOpenApi,
  type JsonSchema,
  type Operation,
} from '@server/test/fuzz/operations';
import { createTestContext } from '@server/test/harness';

/**
 * The authorization matrix (issue 9), generated from the OpenAPI document: for every route with
 * an id of an object, another tenant's object answers exactly like a missing one, and that is a
 * 404 (or the 403 the route gives the caller for any object); every write of a Viewer is 403.
 * Every answer is one the document lists for the operation, its body as described (issue 25).
 */
const ctx = await createTestContext();
const operations = operationsOf(await readOpenApi(ctx.app));
afterAll(() => ctx.close());

/** Atlas Freight's user, and the reseller whose tree is NordTrack and its sub-customers. */
const CALLERS = [USER, RESELLER];

async function fixturesFor(email: string, kinds: readonly IdKind[]): Promise<Fixtures> {
  const customerIds = await visibleCustomers(ctx.database.db, email);
  const fixtures = {} as Fixtures;
  for (const kind of kinds) fixtures[kind] = await ID_FIXTURES[kind](ctx.database.db, customerIds);
  return fixtures;
}

/** The answer's status; an answer the document does not describe is added to `problems`. */
async function send(op: Operation, problems: string[], email: string, options: InjectOptions) {
  const response = await ctx.app.inject({
    ...options,
    headers: { ...options.headers, ...(await ctx.authHeader(email)) },
  });
  const undocumented = undocumentedAnswer(op, response);
  if (undocumented) problems.push(`${email}: ${undocumented}`);
  return response.statusCode;
}

function kindsIn(schema: JsonSchema | undefined, found: Set<string>): void {
  if (!schema) return;
  for (const kind of [schema['x-id-kind'] ?? []].flat()) found.add(kind);
  for (const s of [
    schema.items,
    ...Object.values(schema.properties ?? {}),
    ...(schema.anyOf ?? []),
  ])
    kindsIn(s, found);
}

it('has a fixture for every id kind of the document', () => {
  const found = new Set<string>();
  for (const op of operations) {
    for (const p of [...op.pathParams, ...op.query]) kindsIn(p.schema, found);
    kindsIn(op.body, found);
  }
  expect(found.size).toBeGreaterThan(5);
  const withoutFixture = [...found].filter(
    (kind) => !Object.hasOwn(ID_KINDS, kind) || !Object.hasOwn(ID_FIXTURES, kind),
  );
  expect(withoutFixture).toEqual([]);
});

const withIds = operations.filter((op) => objectIdSlots(op).length > 0);

describe("another tenant's object answers like a missing one: 404", () => {
  it.each(withIds.map((op) => [operationName(op), op] as const))('%s', async (_, op) => {
    const slots = objectIdSlots(op);
    const kinds = [...new Set([...slots.flatMap((s) => s.kinds), ...allKindsOf(op)])];
    const problems: string[] = [];
    for (const email of CALLERS) {
      const fixtures = await fixturesFor(email, kinds);
      for (const slot of slots) {
        for (const kind of slot.kinds) {
          const statuses = { own: [] as number[], foreign: [] as number[] };
          for (const example of op.examples.length ? op.examples : [undefined]) {
            const request = (id: string) => requestWith(op, fixtures, example, slot, kind, id);
            const own = await send(op, problems, email, request(fixtures[kind].own));
            const foreign = await send(op, problems, email, request(fixtures[kind].foreign));
            const missing = await send(op, problems, email, request(missingId(kind)));
            statuses.own.push(own);
            statuses.foreign.push(foreign);
            const where = `${email} ${slotName(slot)} (${kind})`;
            if (foreign !== missing)
              problems.push(`${where}: foreign ${foreign}, missing ${missing}`);
            if (foreign !== 404 && !(foreign === 403 && own === 403))
              problems.push(`${where}: foreign ${foreign} (own ${own})`);
          }
          // Otherwise the 404s above prove nothing: the request never finds even its own object.
          if (statuses.own.every((s) => s === 404))
            problems.push(`${email} ${slotName(slot)} (${kind}): own object also 404`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

/** Every kind the operation's requests need an own object of (ids that are not tested too). */
function allKindsOf(op: (typeof operations)[number]): IdKind[] {
  const found = new Set<string>();
  for (const p of [...op.pathParams, ...op.query]) kindsIn(p.schema, found);
  kindsIn(op.body, found);
  return [...found].filter((k): k is IdKind => Object.hasOwn(ID_KINDS, k));
}

const writes = operations.filter((op) => op.method !== 'GET' && !op.isPublic);
const viewerFixtures = await fixturesFor(VIEWER, Object.keys(ID_KINDS) as IdKind[]);

describe("a Viewer's write is 403", () => {
  it.each(writes.map((op) => [operationName(op), op] as const))('%s', async (_, op) => {
    const [slot] = objectIdSlots(op);
    const statuses: number[] = [];
    const problems: string[] = [];
    const sendAsViewer = (options: InjectOptions) => send(op, problems, VIEWER, options);
    for (const example of op.examples.length ? op.examples : [undefined]) {
      if (!slot) {
        const noSlot = { in: 'path' as const, path: [], kinds: [], asText: true };
        statuses.push(
          await sendAsViewer(requestWith(op, viewerFixtures, example, noSlot, 'device', '1')),
        );
        continue;
      }
      for (const kind of slot.kinds) {
        for (const id of [viewerFixtures[kind].own, viewerFixtures[kind].foreign]) {
          statuses.push(
            await sendAsViewer(requestWith(op, viewerFixtures, example, slot, kind, id)),
          );
        }
      }
    }
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 403)).toEqual([]);
    expect(problems).toEqual([]);
  });
});

/** The session user of each demo account, as `can` sees it (the sign-in answer's Auth). */
async function subjectOf(email: string): Promise<Subject> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { Email: email, Password: DEMO_PASSWORD },
  });
  return response.json<LoginResponse>().Auth;
}
const subjects = new Map<string, Subject>();
for (const email of ROLES) subjects.set(email, await subjectOf(email));

/**
 * A request that reaches the route but names nothing: every id a missing one, no body. The
 * guard answers before parameters and body are read, so its decision shows; past it, such a
 * request ends in 400 or 404 and changes nothing.
 */
function requestNamingNothing(op: (typeof operations)[number]): InjectOptions {
  const url = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const schema = op.pathParams.find((p) => p.name === name)?.schema ?? {};
    const [kind] = idKindsOf(schema);
    return encodeURIComponent(kind ? missingId(kind) : (schema.enum?.[0]?.toString() ?? 'a'));
  });
  return { method: op.method, url };
}

const guarded = operations.filter((op) => op.access !== undefined && op.access !== 'public');

describe('the permission table decides: 403 exactly where `can` refuses', () => {
  it.each(guarded.map((op) => [`${operationName(op)} (${op.access})`, op] as const))(
    '%s',
    async (_, op) => {
      const access = op.access as Action;
      const problems: string[] = [];
      for (const email of ROLES) {
        const subject = subjects.get(email);
        const response = await ctx.app.inject({
          ...requestNamingNothing(op),
          headers: await ctx.authHeader(email),
        });
        const undocumented = undocumentedAnswer(op, response);
        if (undocumented) problems.push(`${email}: ${undocumented}`);
        const { message } = response.json<{ message?: string }>();
        const answer = `${response.statusCode} ${message ?? ''}`;
        const readOnly = subject?.Role === 'Viewer' && op.method !== 'GET';
        const expected = !can(subject, access)
          ? `403 ${ACCESS_DENIED}`
          : readOnly
            ? `403 ${VIEWERS_READ_ONLY}`
            : undefined;
        if (expected ? answer !== expected : response.statusCode === 403)
          problems.push(`${email}: ${answer} (expected ${expected ?? 'not 403'})`);
        const wrote = op.method !== 'GET' && response.statusCode < 300;
        if (!expected && (wrote || response.statusCode === 401 || response.statusCode >= 500))
          problems.push(`${email}: ${answer} (a write naming nothing must fail with 400 or 404)`);
      }
      expect(problems).toEqual([]);
    },
  );
});
