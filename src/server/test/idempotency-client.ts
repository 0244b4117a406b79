import type { InjectOptions } from 'fastify';
import type { TestContext } from './harness';
import { IDEMPOTENCY_HEADER } from '@shared/api/idempotency';

/** Like `apiCaller`, with an optional Idempotency-Key header (tests only). */
export function keyedCaller(ctx: TestContext) {
  return async (
    email: string,
    method: InjectOptions['method'],
    path: string,
    payload?: unknown,
    key?: string,
  ) =>
    ctx.app.inject({
      method,
      url: `/api/${path}`,
      headers: {
        ...(await ctx.authHeader(email)),
        ...(key === undefined ? {} : { [IDEMPOTENCY_HEADER]: key }),
      },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
}
