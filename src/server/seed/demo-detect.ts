import { inArray } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { users } from '@server/db/schema';
import { DEMO_ACCOUNTS } from './demo';

/**
 * True when the database holds a demo sign-in account (the embedded database's first start, or
 * `npm run seed`): their password is in the README, so the start keeps such a portal to this
 * machine unless HOST says otherwise (decision 051).
 */
export async function holdsDemoAccounts(db: Db): Promise<boolean> {
  const emails = DEMO_ACCOUNTS.map((account) => account.email);
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.email, emails))
    .limit(1);
  return found.length > 0;
}
