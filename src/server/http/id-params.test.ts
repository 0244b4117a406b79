import { afterAll, describe, expect, it } from 'vitest';
import { ID_KINDS, maxIdOf, type NumericIdKind } from '@shared/api/ids';
import { HEALTH_IDS_MAX } from '@shared/forwards/forward-health';
import { ADMIN } from '@server/test/api';
import { missingId } from '@server/test/authorization/requests';
import {
  operationName,
  operationsOf,
  readOpenApi,
  type JsonSchema,
  type Operation,
  type Parameter,
} from '@server/test/fuzz/operations';
import { idKindsOf } from '@server/test/fuzz/schema-values';
import { createTestContext } from '@server/test/harness';

/**
 * Issue 25: ids in paths and queries are PostgreSQL integers, so the document's pattern for one
 * is exactly what the server takes — 1 … 2³¹−1 (serial) or 1 … 2⁵³−1 (bigserial), no leading
 * zero — and the server answers one past the largest with 400 naming the parameter, as it
 * answers any id out of range (id-ranges.test.ts). Walked over every id of the document.
 */
const ctx = await createTestContext();
const operations = operationsOf(await readOpenApi(ctx.app));
afterAll(() => ctx.close());

interface IdParameter {
  op: Operation;
  in: 'path' | 'query';
  param: Parameter;
  max: number;
}

/** The numeric ids of one column kind (an IMEI-or-setting `key` names more than a number). */
function numericIds(op: Operation): IdParameter[] {
  const found: IdParameter[] = [];
  for (const [part, params] of [
    ['path', op.pathParams],
    ['query', op.query],
  ] as const) {
    for (const param of params) {
      const kinds = idKindsOf(param.schema);
      if (kinds.length !== 1 || !kinds.every((k) => ID_KINDS[k].endsWith('serial'))) continue;
      found.push({ op, in: part, param, max: maxIdOf(kinds[0] as NumericIdKind) });
    }
  }
  return found;
}

const ids = operations.flatMap(numericIds);
const label = (id: IdParameter) => `${operationName(id.op)} ${id.in} ${id.param.name}`;

/** The schema's first listed value, else `fallback`. */
function listed(schema: JsonSchema, fallback: string): string {
  const first = schema.enum?.[0];
  return typeof first === 'string' || typeof first === 'number' ? String(first) : fallback;
}

/** The request with `value` in the id's place and nothing real anywhere else. */
function requestWith(id: IdParameter, value: string) {
  const url = id.op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (id.in === 'path' && id.param.name === name) return value;
    const schema = id.op.pathParams.find((p) => p.name === name)?.schema ?? {};
    const [kind] = idKindsOf(schema);
    return encodeURIComponent(kind ? missingId(kind) : listed(schema, 'a'));
  });
  const required = id.op.query
    .filter((p) => p.required && p !== id.param)
    .map((p) => `${p.name}=${encodeURIComponent(listed(p.schema, '1'))}`);
  const query = [...required, ...(id.in === 'query' ? [`${id.param.name}=${value}`] : [])];
  return { method: id.op.method as 'GET', url: query.length ? `${url}?${query.join('&')}` : url };
}

async function errorsOf(id: IdParameter, value: string) {
  const response = await ctx.app.inject({
    ...requestWith(id, value),
    headers: await ctx.authHeader(ADMIN),
  });
  const body = response.json<{ errors?: Record<string, string> }>();
  return { status: response.statusCode, field: body.errors?.[id.param.name] };
}

describe('every numeric id of the document', () => {
  it('is found in paths and queries of both column types', () => {
    expect(ids.length).toBeGreaterThan(50);
    expect(new Set(ids.map((id) => id.max))).toEqual(
      new Set([2 ** 31 - 1, Number.MAX_SAFE_INTEGER]),
    );
  });

  it.each(ids.map((id) => [label(id), id] as const))('%s', async (_, id) => {
    const pattern = new RegExp(id.param.schema.pattern ?? '');
    const { max } = id;
    const problems: string[] = [];
    for (const taken of ['1', '42', String(max), String(max - 1)])
      if (!pattern.test(taken)) problems.push(`the pattern refuses ${taken}`);
    for (const refused of ['0', '01', '-1', '1.0', String(max + 1), `${String(max)}0`, ''])
      if (pattern.test(refused)) problems.push(`the pattern takes ${refused}`);

    const beyond = await errorsOf(id, String(max + 1));
    if (beyond.status !== 400 || beyond.field === undefined)
      problems.push(`${String(max + 1)} answered ${beyond.status} (field: ${beyond.field ?? '-'})`);
    const largest = await errorsOf(id, String(max));
    if (largest.field !== undefined) problems.push(`${String(max)} refused: ${largest.field}`);
    expect(problems).toEqual([]);
  });
});

describe('ids that are not one id of a kind', () => {
  const only = (method: string, path: string) => {
    const op = operations.find((o) => o.method === method && o.path === path);
    if (!op) throw new Error(`${method} ${path} is not in the document`);
    return op;
  };

  it("the search's customer segment: a customer id or 'null'", async () => {
    const op = only('GET', '/api/devices/search/{filter}/{text}/{customer}');
    const param = op.pathParams.find((p) => p.name === 'customer');
    const pattern = new RegExp(param?.schema.pattern ?? '');
    expect(['null', '1', '2147483647'].filter((t) => !pattern.test(t))).toEqual([]);
    expect(['2147483648', '0', 'nul', '01'].filter((t) => pattern.test(t))).toEqual([]);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/devices/search/SN/a/2147483648',
      headers: await ctx.authHeader(ADMIN),
    });
    expect(response.statusCode).toBe(400);
  });

  it('forwards/health: up to 200 forward ids, each in range', async () => {
    const param = only('GET', '/api/forwards/health').query.find((p) => p.name === 'ids');
    const pattern = new RegExp(param?.schema.pattern ?? '');
    const many = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1)).join(',');
    expect(['1', '1,2147483647', many(HEALTH_IDS_MAX)].filter((t) => !pattern.test(t))).toEqual([]);
    const refused = ['2147483648', '1,2147483648', '0', many(HEALTH_IDS_MAX + 1), '1,'];
    expect(refused.filter((t) => pattern.test(t))).toEqual([]);
    for (const ids of refused) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/forwards/health?ids=${ids}`,
        headers: await ctx.authHeader(ADMIN),
      });
      expect(response.statusCode, ids).toBe(400);
    }
  });

  it("a device's library file id", async () => {
    const op = only('GET', '/api/v1/devices/library/{fileId}');
    const pattern = new RegExp(op.pathParams[0]?.schema.pattern ?? '');
    expect(pattern.test('2147483647')).toBe(true);
    expect(['2147483648', '0', '01'].filter((t) => pattern.test(t))).toEqual([]);
    const response = await ctx.app.inject({ url: '/api/v1/devices/library/2147483648' });
    expect(response.statusCode).toBe(400);
  });
});
