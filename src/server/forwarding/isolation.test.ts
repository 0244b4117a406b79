import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startHttpReceiver } from '@server/receiver/http';
import { selectRows } from '@server/db/client';
import { useApiContext } from '@server/test/api';
import {
  engineOf,
  forwardingOptions,
  forwardToReceiver,
  LOOPBACK,
  postMessages,
  useForwardToReceiver,
} from '@server/test/forwarding';

// Issue 15: one slow or dead receiver never delays the others. A receiver that takes a batch
// and never answers holds only its own forward; the other forward's messages arrive meanwhile.
// The slow receiver's answer would take a minute to time out: far beyond any wait below.
const api = useApiContext(
  forwardingOptions({ tickMs: 50, connector: { allowance: LOOPBACK, answerTimeoutMs: 60_000 } }),
);
const fast = useForwardToReceiver(api, 2);

describe('a receiver that never answers', () => {
  it('holds only its own forward', async () => {
    const slow = await startHttpReceiver();
    try {
      slow.answer = 'never';
      const stuck = await forwardToReceiver(api.ctx, slow.port, 2, undefined, 2);
      // The engine runs on its own timers here (tickMs 50), as in the server.
      engineOf(api.ctx).start();
      const sentSlow = await postMessages(api.ctx, stuck.devices, 3);
      const deadline = Date.now() + 5_000;
      while (slow.requests.length === 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      expect(slow.requests.length).toBeGreaterThan(0);
      const [sending] = await selectRows<{ at: string }>(
        api.ctx.database.db,
        sql`select clock_timestamp()::text as at`,
      );

      const sentFast = await postMessages(api.ctx, fast.setup.devices, 5);
      while (fast.receiver.received.length < sentFast.length && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      expect(fast.receiver.received).toHaveLength(sentFast.length);
      // The slow forward's batch is still waiting for its answer.
      expect(slow.received).toHaveLength(0);
      expect(sentSlow.length).toBeGreaterThan(0);
      // No transaction was held open across the send (issue 29): one would hold back the horizon
      // of every forward (decision 059). PGlite shows only its one session.
      const held = await selectRows<{ query: string }>(
        api.ctx.database.db,
        sql`select query from pg_stat_activity where datname = current_database()
          and pid <> pg_backend_pid() and xact_start < ${sending?.at ?? ''}::timestamptz`,
      );
      expect(held).toEqual([]);
    } finally {
      await slow.close();
    }
  });
});
