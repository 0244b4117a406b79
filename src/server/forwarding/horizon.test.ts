import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { selectRows } from '@server/db/client';
import {
  catchUp,
  engineOf,
  forwardingOptions,
  postMessages,
  useForwardToReceiver,
} from '@server/test/forwarding';
import { useApiContext } from '@server/test/api';
import { HORIZON } from './horizon';

// Issue 29, decision 059: the engine reads up to the oldest transaction that could still write
// a raw message of its own database. Transaction ids are the PostgreSQL cluster's, so a
// transaction open in another database (another application, another test file) shows in the
// snapshot too; it must not hold this database's forwards back.
const api = useApiContext(forwardingOptions());
const target = useForwardToReceiver(api, 2);

const adminUrl = process.env.TEST_DATABASE_URL;

const horizon = async () => {
  const [row] = await selectRows<{ h: string }>(
    api.ctx.database.db,
    sql`select (${HORIZON})::text as h`,
  );
  return BigInt(row?.h ?? '0');
};

describe('the horizon', () => {
  it('is past every committed transaction when none is open', async () => {
    await postMessages(api.ctx, target.setup.devices, 1);
    const [row] = await selectRows<{ x: string }>(
      api.ctx.database.db,
      sql`select max(xid)::text as x from raw_messages`,
    );
    expect(await horizon()).toBeGreaterThan(BigInt(row?.x ?? '0'));
  });

  // PostgreSQL only: on PGlite each database is an instance of its own, with no other databases.
  it.runIf(adminUrl)(
    'is not held back by a transaction open in another database of the cluster',
    async () => {
      await catchUp(engineOf(api.ctx));
      target.receiver.received.length = 0;
      const other = new pg.Client({ connectionString: adminUrl });
      await other.connect();
      try {
        await other.query('begin');
        // A transaction id, as any writing transaction has.
        await other.query('select pg_current_xact_id()');
        const sent = await postMessages(api.ctx, target.setup.devices, 3);
        await catchUp(engineOf(api.ctx));
        expect(target.receiver.received).toHaveLength(sent.length);
      } finally {
        await other.query('rollback').catch(() => undefined);
        await other.end();
      }
    },
  );

  // PostgreSQL only: PGlite has one connection, so no second transaction can be open.
  it.runIf(adminUrl)('is held back by a transaction open in its own database', async () => {
    const before = await horizon();
    const database = new URL(adminUrl ?? 'postgres://x/');
    const [row] = await selectRows<{ name: string }>(
      api.ctx.database.db,
      sql`select current_database() as name`,
    );
    database.pathname = `/${row?.name ?? ''}`;
    const own = new pg.Client({ connectionString: database.toString() });
    await own.connect();
    try {
      await own.query('begin');
      const { rows } = await own.query<{ x: string }>('select pg_current_xact_id()::text as x');
      const xid = BigInt(rows[0]?.x ?? '0');
      expect(xid).toBeGreaterThanOrEqual(before);
      // Other transactions commit meanwhile; the horizon stays at the open one.
      await postMessages(api.ctx, target.setup.devices, 1);
      expect(await horizon()).toBe(xid);
    } finally {
      await own.query('rollback').catch(() => undefined);
      await own.end();
    }
    expect(await horizon()).toBeGreaterThan(before);
  });
});
