import { afterAll, describe, expect, it } from 'vitest';
import {
  operationName,
  operationsOf,
  readOpenApi,
  type Operation,
} from '@server/test/fuzz/operations';
import { createTestContext } from '@server/test/harness';

// At the top level, not in a hook: building the app may outlast a hook's timeout on a busy machine.
const ctx = await createTestContext();
const operations = operationsOf(await readOpenApi(ctx.app));
afterAll(() => ctx.close());

const operation = (method: string, path: string): Operation => {
  const found = operations.find((op) => op.method === method && op.path === path);
  if (!found) throw new Error(`${method} ${path} is not in the document`);
  return found;
};

describe('the OpenAPI document', () => {
  it('marks body fields required exactly when the server refuses a request without them', () => {
    expect(operation('POST', '/api/auth/login').body?.required).toEqual(['Email', 'Password']);
    expect(operation('POST', '/api/devices/forwards').body?.required).toEqual([
      'IMEI',
      'MessageType',
      'ForwardId',
    ]);
    // The note may be left out (it clears the note); the IMEI may not.
    expect(operation('POST', '/api/devices/note').body?.required).toEqual(['imei']);
    const update = operation('PUT', '/api/devices/modemrequests/{imei}').body;
    expect(update?.required).toEqual(['Id', 'Command']);
    // A refused default is no default; an accepted one is shown.
    expect(update?.properties?.Command?.default).toBeUndefined();
    expect(update?.properties?.CommandType?.default).toBe(20);
    expect(operation('POST', '/api/devicetestsettings').body?.required).toEqual([
      'Imei',
      'CustomerId',
    ]);
  });

  it('describes a body of several shapes as each of them, with examples', () => {
    const put = operation('PUT', '/api/devices/settings/{key}');
    expect(put.body?.anyOf?.map((s) => s.required)).toEqual([['SettingsList'], ['SettingName']]);
    expect(put.examples).toHaveLength(2);
  });

  it('gives every id its kind and use, and each route its access rule', () => {
    const kindOf = (op: Operation, name: string) => {
      const param = [...op.pathParams, ...op.query].find((p) => p.name === name);
      return [param?.schema['x-id-kind'], param?.schema['x-id-use']];
    };
    expect(kindOf(operation('GET', '/api/devices/{id}'), 'id')).toEqual(['device', 'object']);
    expect(kindOf(operation('DELETE', '/api/devices/modemrequests/{id}'), 'id')).toEqual([
      'modemRequest',
      'object',
    ]);
    expect(kindOf(operation('GET', '/api/devicetests'), 'after')).toEqual([
      'deviceTestResult',
      'cursor',
    ]);
    const forward = operation('POST', '/api/devices/forwards').body?.properties?.ForwardId;
    expect(forward?.['x-id-kind']).toBe('forward');
    expect(forward?.maximum).toBe(2 ** 31 - 1);
    const history = operation('GET', '/api/devices/customerconnection/history/{deviceId}');
    expect(history.access).toBe('devices.customerHistory');
    expect(operation('GET', '/api/health').isPublic).toBe(true);
  });

  it("shows each route's rule of the permission table, and says it in the description", async () => {
    const document = (await readOpenApi(ctx.app)) as unknown as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const history = document.paths['/api/devices/customerconnection/history/{deviceId}']?.get;
    expect(history?.['x-access-rule']).toMatchObject({ roles: ['Admin'] });
    expect(history?.description).toMatch(/Access: devices\.customerHistory: /);
    const health = document.paths['/api/health']?.get;
    expect(health?.['x-access']).toBe('public');
    expect(health?.['x-access-rule']).toBeUndefined();
    const everyOperation = Object.values(document.paths).flatMap((item) => Object.values(item));
    expect(everyOperation.filter((op) => op['x-access'] === undefined)).toEqual([]);
  });
});

describe('every answer of every operation (issue 25)', () => {
  const statuses = (method: string, path: string) => Object.keys(operation(method, path).responses);

  it('lists the refusals its declaration implies, each with its body', () => {
    // A guarded write with an id in its path.
    expect(statuses('PUT', '/api/users/{id}')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '405',
      '413',
      '414',
      '415',
      '503',
    ]);
    // A read everyone may make, without input: no 400, no 403, no 404.
    expect(statuses('GET', '/api/devices/all')).toEqual(['200', '401', '405', '503']);
    // The drain's answer while the server stops (http/drain.ts).
    expect(operation('GET', '/api/devices/all').responses['503']?.headers).toEqual(['Retry-After']);
    // A read only admins may make.
    expect(statuses('GET', '/api/devices/customerconnection/history/{deviceId}')).toContain('403');
    // Writes with an Idempotency-Key: a key in use, a key reused.
    expect(statuses('POST', '/api/devices/note')).toEqual(expect.arrayContaining(['409', '422']));
    // Public: no 401; the sign-in calls declare their own.
    expect(statuses('GET', '/api/health')).not.toContain('401');
    // Its 503 is also the database being down, with a body of its own.
    expect(JSON.stringify(operation('GET', '/api/health').responses['503']?.schema)).toContain(
      'degraded',
    );
    expect(statuses('POST', '/api/auth/login')).toEqual(expect.arrayContaining(['400', '429']));
    expect(operation('POST', '/api/auth/login').responses['429']?.headers).toEqual(['Retry-After']);
    expect(statuses('POST', '/api/auth/refresh')).toContain('401');
    expect(statuses('POST', '/api/auth/logout')).toContain('204');
    // The hub and the device link check their callers themselves.
    expect(statuses('POST', '/api/socketdevicetests/ws/negotiate')).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404']),
    );
    expect(statuses('GET', '/api/v1/devices/library/{fileId}')).toEqual(
      expect.arrayContaining(['200', '206', '401', '404', '416']),
    );
  });

  it('gives every refusal of every operation a JSON body, a 405 its Allow header', () => {
    const problems: string[] = [];
    for (const op of operations) {
      for (const [status, answer] of Object.entries(op.responses)) {
        if (Number(status) >= 400 && !answer.schema)
          problems.push(`${operationName(op)} ${status}`);
      }
      if (!op.responses['405']?.headers.includes('Allow'))
        problems.push(`${operationName(op)}: 405 without Allow`);
      if (!op.responses['503']) problems.push(`${operationName(op)}: no 503`);
      if (!op.isPublic && !op.responses['401']) problems.push(`${operationName(op)}: no 401`);
    }
    expect(operations.length).toBeGreaterThan(150);
    expect(problems).toEqual([]);
  });

  it('describes a 400 as the fields’ messages, or a message', () => {
    const body = operation('PUT', '/api/users/{id}').responses['400']?.schema;
    expect(body?.anyOf?.map((s) => s.required)).toEqual([['errors'], ['message']]);
    expect(body?.anyOf?.[0]?.properties?.errors?.type).toBe('object');
    expect(operation('PUT', '/api/users/{id}').responses['404']?.schema?.required).toEqual([
      'message',
    ]);
  });
});
