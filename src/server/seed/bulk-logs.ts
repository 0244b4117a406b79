import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { customers } from '@server/db/schema';

/**
 * Bulk-loads `total` log entries over the last `days` days for benchmarks and
 * `npm run seed -- --logs N`: oldest first, as the writers add them (the Log lists by id), a
 * quarter without a customer, in the shapes the modules write. Numbers in the texts make most
 * fragments rare; 'Forward' and 'IMEI' are common. The logs triggers keep the counts.
 */
export async function addBulkLogs(db: DbOrTx, total: number, days = 8): Promise<void> {
  const owners = await db.select({ id: customers.id }).from(customers);
  // Integers from the database: safe to inline as an array literal.
  const ids = sql.raw(`array[${owners.map((o) => o.id).join(',') || 'null'}]::int[]`);
  const chunk = 200_000;
  for (let done = 0; done < total; done += chunk) {
    const n = Math.min(chunk, total - done);
    await db.execute(sql`
      insert into logs (time_stamp, level, message, customer_id)
      select now() - (${total}::int - g) * (${days}::float8 / ${total}::int) * interval '1 day',
             case when g % 10 = 0 then 'Error' when g % 10 < 4 then 'Warning' else 'Information' end,
             case g % 5
               when 0 then 'Forward ' || (g % 97) || ' connection refused (attempt ' || g || ')'
               when 1 then 'Device message from IMEI ' || (350000000000000 + g % 5000) || ' rejected: unknown device'
               when 2 then 'Device settings of IMEI ' || (350000000000000 + g % 5000) || ' saved by user ' || (g % 40)
               when 3 then 'Forward ' || (g % 97) || ' answered slowly (' || g || ' ms)'
               else 'Modem request ' || g || ' created by user ' || (g % 40) end,
             case when g % 4 = 0 then null
                  else (${ids})[1 + g % greatest(cardinality(${ids}), 1)] end
      from generate_series(${done + 1}::int, ${done + n}::int) g`);
  }
}
