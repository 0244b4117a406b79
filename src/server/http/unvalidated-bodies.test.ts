import { describe, expect, it } from 'vitest';
import type { ModemRequest } from '@shared/devices/devices';
import { useApiContext, deviceOf, USER } from '@server/test/api';

/**
 * A body on a route that declares none is never read (issue 9: the route fuzz found a DELETE
 * with an Idempotency-Key and a body nested 20,000 deep answering 500 from the request hash).
 */
const api = useApiContext();

const deep = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

describe('bodies no schema reads', () => {
  it('a deeply nested body on an idempotent DELETE is ignored, also when replayed', async () => {
    const device = await deviceOf(api.ctx, 'Atlas Freight');
    const created = await api.call(USER, 'POST', `devices/modemrequests/${device.imei}`, {
      Command: '$REQUEST,RT FF',
    });
    const { Id } = created.json<ModemRequest>();
    const remove = async (payload: string) =>
      api.ctx.app.inject({
        method: 'DELETE',
        url: `/api/devices/modemrequests/${Id}`,
        headers: {
          ...(await api.ctx.authHeader(USER)),
          'content-type': 'application/json',
          'idempotency-key': `delete-${Id}`,
        },
        payload,
      });
    const first = await remove(deep(20_000));
    expect(first.statusCode).toBe(200);
    expect(first.json<ModemRequest>().Id).toBe(Id);
    const replay = await remove('{}');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });
});
