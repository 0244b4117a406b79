import { eq } from 'drizzle-orm';
import type { ForwardHealth, ReplayAnswer, ReplayWindow } from '@shared/forwards/forward-health';
import { canSee, type CustomerScope } from '@server/auth/tenancy';
import type { Caller } from '@server/auth/tokens';
import type { Db } from '@server/db/client';
import { forwardReplays, forwards } from '@server/db/schema';
import { notFound } from '@server/errors/http-errors';
import { byCaller, writeOperatorLog } from '@server/operator-log/write';
import { countReplay, replayIdRange } from '@server/forwarding/replays';
import { sharedOrInScope } from '@server/modules/lookup-scope';
import { byIds, readHealth } from './health-repository';
import { FORWARD_NOT_FOUND } from './service';

/** A window's end in the future means "until now". */
const windowOf = (input: ReplayWindow) => {
  const from = new Date(input.From);
  const to = new Date(Math.min(Date.parse(input.To), Date.now()));
  return { from, to };
};

/** Forward health (every caller who sees the forward) and replays (who may change it). */
export function createDeliveryService(db: Db) {
  async function visibleForward(scope: CustomerScope, id: number) {
    const [row] = await db
      .select({ id: forwards.id, name: forwards.name, customerId: forwards.customerId })
      .from(forwards)
      .where(eq(forwards.id, id));
    // Shared forwards are seen by everyone; `writable` says whether the caller may change it.
    if (!row || !(row.customerId === null || canSee(scope, row.customerId)))
      throw notFound(FORWARD_NOT_FOUND);
    return { ...row, writable: canSee(scope, row.customerId) };
  }

  async function count(forwardId: number, input: ReplayWindow) {
    const { from, to } = windowOf(input);
    const range = await replayIdRange(db, from, to);
    const messages = range ? await countReplay(db, forwardId, range, from, to) : 0;
    return { from, to, range, messages };
  }

  return {
    async assertVisible(scope: CustomerScope, id: number): Promise<void> {
      await visibleForward(scope, id);
    },

    health(scope: CustomerScope, ids: readonly number[]): Promise<ForwardHealth[]> {
      return readHealth(db, byIds(ids, sharedOrInScope(scope, forwards.customerId)));
    },

    async healthOf(scope: CustomerScope, id: number): Promise<ForwardHealth> {
      await visibleForward(scope, id);
      const [health] = await readHealth(db, eq(forwards.id, id));
      if (!health) throw notFound(FORWARD_NOT_FOUND);
      return health;
    },

    async previewReplay(scope: CustomerScope, id: number, input: ReplayWindow) {
      await visibleForward(scope, id);
      const { messages } = await count(id, input);
      return { Messages: messages } satisfies ReplayAnswer;
    },

    async startReplay(caller: Caller, scope: CustomerScope, id: number, input: ReplayWindow) {
      const forward = await visibleForward(scope, id);
      if (!forward.writable) throw notFound(FORWARD_NOT_FOUND);
      const { from, to, range, messages } = await count(id, input);
      if (!range || messages === 0) return { Messages: 0 } satisfies ReplayAnswer;
      await db.transaction(async (tx) => {
        await tx.insert(forwardReplays).values({
          forwardId: id,
          fromAt: from,
          toAt: to,
          firstId: range.firstId,
          lastId: range.lastId,
          positionId: range.firstId - 1,
          total: messages,
          createdBy: caller.userId,
        });
        await writeOperatorLog(tx, {
          level: 'Information',
          message: `Forward '${forward.name}': replay of ${String(messages)} messages received from ${from.toISOString()} to ${to.toISOString()} started ${byCaller(caller)}`,
          customerId: forward.customerId,
        });
      });
      return { Messages: messages } satisfies ReplayAnswer;
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
