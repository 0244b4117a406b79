import { isNotNull, or, eq } from 'drizzle-orm';
import { SECRET_MASK } from '@shared/forwards/forwards';
import type { SecretBox } from '@server/auth/secret-box';
import type { Caller } from '@server/auth/tokens';
import type { DbOrTx } from '@server/db/client';
import { forwards } from '@server/db/schema';

/**
 * Forward passwords, API keys and authorizations are write-only: the API never answers them in
 * clear. Callers who may edit forwards see that one is set (masked); Viewers get nothing.
 */
export function shownSecret(stored: string | null, caller: Caller): string | null {
  if (stored === null || stored === '' || caller.role === 'Viewer') return null;
  return SECRET_MASK;
}

const SECRET_COLUMNS = ['password', 'apiKey', 'auth'] as const;

/**
 * Seals forward secrets still stored in clear (databases from before encryption, bulk loads);
 * runs when the server starts. Answers how many forwards it changed.
 */
export async function sealPlainForwardSecrets(db: DbOrTx, box: SecretBox): Promise<number> {
  const rows = await db
    .select({
      id: forwards.id,
      password: forwards.password,
      apiKey: forwards.apiKey,
      auth: forwards.auth,
    })
    .from(forwards)
    .where(or(isNotNull(forwards.password), isNotNull(forwards.apiKey), isNotNull(forwards.auth)));
  let changed = 0;
  for (const row of rows) {
    const update: Partial<Record<(typeof SECRET_COLUMNS)[number], string>> = {};
    for (const column of SECRET_COLUMNS) {
      const value = row[column];
      if (value !== null && value !== '' && !box.isSealed(value)) update[column] = box.seal(value);
    }
    if (Object.keys(update).length === 0) continue;
    await db.update(forwards).set(update).where(eq(forwards.id, row.id));
    changed++;
  }
  return changed;
}
