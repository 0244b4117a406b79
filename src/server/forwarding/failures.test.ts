import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { selectRows } from '@server/db/client';
import { useApiContext } from '@server/test/api';
import {
  anotherEngine,
  catchUp,
  engineOf,
  forwardingOptions,
  postMessages,
  useForwardToReceiver,
} from '@server/test/forwarding';

// Issue 29: a forward's failures stay recorded while it fails. A position that only moved past
// rows (written now and then, `persistEveryMs`) once cleared them: on a slow machine the health
// said retrying after five failed attempts, and the engine test failed in CI's PostgreSQL pass.
const api = useApiContext(forwardingOptions());
const target = useForwardToReceiver(api, 2);

const attempts = async () => {
  const [row] = await selectRows<{ n: number }>(
    api.ctx.database.db,
    sql`select attempts as n from forward_cursors where forward_id = ${target.setup.forward.Id}`,
  );
  return row?.n ?? -1;
};

describe('a failing forward', () => {
  it('keeps its failures when a position that only moved past rows is written', async () => {
    await engineOf(api.ctx).close();
    const engine = anotherEngine(api.ctx, {
      owner: 'failures',
      tickMs: 0,
      persistEveryMs: 300,
      backoff: { baseMs: 20, maxMs: 40 },
    });
    onTestFinished(() => engine.close());
    await postMessages(api.ctx, target.setup.devices, 1);
    // Delivered, then a pass that finds nothing more: a position waits to be written.
    await catchUp(engine);
    expect(target.receiver.received).toHaveLength(2);

    target.receiver.answer = { status: 503 };
    await postMessages(api.ctx, target.setup.devices, 1);
    await catchUp(engine);
    const failed = await attempts();
    expect(failed).toBeGreaterThan(0);
    // Past persistEveryMs: the next pass writes the waiting position, then fails again.
    await new Promise((resolve) => setTimeout(resolve, 400));
    await catchUp(engine);
    expect(await attempts()).toBeGreaterThan(failed);

    target.receiver.answer = { status: 200 };
    await new Promise((resolve) => setTimeout(resolve, 60));
    await catchUp(engine);
    expect(target.receiver.received).toHaveLength(4);
    expect(await attempts()).toBe(0);
  });
});
