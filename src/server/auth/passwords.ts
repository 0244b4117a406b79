import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes); keeps a login under ~50 ms on this hardware.
// The library's default algorithm is argon2id (its const enum cannot be imported here).
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verified against when the account does not exist, so timing does not reveal accounts. */
export const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$OcGdJ7aCUW+dVIcyGkEozQ$y3HDGdZR4RrmY0wSHzmBHz5X260QSlaKpttIMmDzt4c';
