import type { FastifyBaseLogger } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { SecretBox } from '@server/auth/secret-box';
import { selectRows, type Db } from '@server/db/client';
import { sqlLiteral } from '@server/db/prepared';
import type { IncomingMessage } from './message';
import { newDeviceCredential, signatureMatches } from '@server/auth/device-signing';

/** The device a message was verified for, and the sealed credential it was verified with. */
export interface VerifiedDevice {
  id: number;
  /** `devices.credential` as read: the write stores the message only while it is still this. */
  sealed: string;
}

export interface VerifiedMessage extends IncomingMessage {
  device: VerifiedDevice;
}

/**
 * The sealed credentials of some devices in one round trip: `[[imei, id, sealed | null], …]` for
 * the IMEIs that are devices. $1 is a JSON array of IMEIs.
 */
const CREDENTIALS_SQL = `
  select coalesce(json_agg(json_build_array(d.imei, d.id, d.credential)), '[]')::text as rows
  from json_array_elements_text($1::json) as i(imei)
  cross join lateral (
    -- IMEI equality written as a one-row range: pg_trgm's GIN index also serves '=', and the
    -- planner prefers it (about 10 ms a lookup at 10,000 devices) to the unique btree, which
    -- alone serves ranges; LIMIT 1 keeps it on the index even before the table is analysed.
    select imei, id, credential from devices where imei >= i.imei and imei <= i.imei limit 1
  ) d`;
const PREPARED_NAME = 'device_link_credentials';

/** Prepared once per session on PGlite, like the batch statement (see upkeep.ts). */
export async function prepareCredentialStatement(db: Db): Promise<void> {
  const existing = await selectRows(
    db,
    sql`select 1 from pg_prepared_statements where name = ${PREPARED_NAME}`,
  );
  if (existing.length) return;
  await db.execute(sql.raw(`prepare ${PREPARED_NAME}(json) as ${CREDENTIALS_SQL}`));
}

/** CREDENTIALS_SQL with its placeholder bound as an ordinary parameter (PostgreSQL). */
function bound(json: string): SQL {
  const [head = '', tail = ''] = CREDENTIALS_SQL.split('$1::json');
  return sql`${sql.raw(head)}${json}::json${sql.raw(tail)}`;
}

async function sealedCredentials(db: Db, prepared: boolean, imeis: readonly string[]) {
  const json = JSON.stringify(imeis);
  const [row] = await selectRows<{ rows: string }>(
    db,
    prepared ? sql.raw(`execute ${PREPARED_NAME}(${sqlLiteral(json)})`) : bound(json),
  );
  return JSON.parse(row?.rows ?? '[]') as [string, number, string | null][];
}

const UNOPENABLE = 'device credential cannot be opened: was SECRETS_KEY changed?';

interface Known extends VerifiedDevice {
  credential: string;
}

export interface CredentialVerifier {
  /**
   * Per message, the device it is signed for, or null: an unknown IMEI, a device without a
   * credential and a wrong signature all come out null through the same work.
   */
  verify(
    messages: readonly IncomingMessage[],
    prepared: boolean,
  ): Promise<(VerifiedDevice | null)[]>;
  /**
   * The device's current credential, read from the database (uploads are rare, and must not
   * be verified against a remembered credential rotated meanwhile); null for an unknown IMEI,
   * a device without a credential or one that cannot be opened.
   */
  current(imei: string): Promise<(VerifiedDevice & { credential: string }) | null>;
  /** Drops what is remembered of a device whose credential turned out to have changed. */
  forget(imei: string): void;
  /**
   * Remembers the credentials of the fleet (up to the limit), a chunk at a time, so the first
   * messages after a start need no extra query either. Resolves with the number remembered.
   */
  warm(): Promise<number>;
}

/** Opened credentials kept in memory (a fleet of 100,000 devices takes some 30 MB). */
const MAX_KNOWN = 100_000;
const MAX_UNOPENABLE = 1000;
/** Small enough that opening a chunk holds the event loop for milliseconds only. */
const WARM_CHUNK = 1000;

/**
 * Verifies in two steps, so a busy link costs no extra database round trip: first against the
 * credential remembered for the IMEI (a throwaway key when there is none); whatever fails is
 * checked again against the database's current credential, in one query for the batch. Every
 * message takes both HMACs unless the first one matched, so an unknown IMEI and a wrong
 * signature take the same path and time. A remembered credential may be stale (rotated on
 * another server): the batch write stores a message only while the device's sealed credential is
 * still the one it was verified with (statement.ts), and the link then forgets it.
 */
export function createCredentialVerifier(
  db: Db,
  secrets: SecretBox,
  log: FastifyBaseLogger,
): CredentialVerifier {
  const dummy = newDeviceCredential();
  // Insertion-ordered: the oldest goes first when full.
  const known = new Map<string, Known>();
  const unopenable = new Set<string>();

  const remember = (imei: string, id: number, sealed: string, quiet = false) => {
    const previous = known.get(imei);
    if (previous?.sealed === sealed && previous.id === id) return previous;
    if (unopenable.has(sealed)) return undefined;
    let credential: string;
    try {
      credential = secrets.open(sealed);
    } catch (error) {
      if (unopenable.size >= MAX_UNOPENABLE) unopenable.clear();
      unopenable.add(sealed);
      if (!quiet) log.error({ err: error, imei }, UNOPENABLE);
      return undefined;
    }
    known.delete(imei);
    if (known.size >= MAX_KNOWN) known.delete(known.keys().next().value ?? '');
    const entry = { id, sealed, credential };
    known.set(imei, entry);
    return entry;
  };

  const check = (m: IncomingMessage, entry: Known | undefined): VerifiedDevice | null => {
    const { timestamp, signature } = m.signed;
    const matches = signatureMatches(entry?.credential ?? dummy, timestamp, m.body, signature);
    return matches && entry ? { id: entry.id, sealed: entry.sealed } : null;
  };

  return {
    async verify(messages, prepared) {
      const results = messages.map((m) => check(m, known.get(m.imei)));
      const retry = messages.filter((_, i) => results[i] === null);
      if (retry.length === 0) return results;

      const current = new Map<string, Known>();
      const imeis = [...new Set(retry.map((m) => m.imei))];
      for (const [imei, id, sealed] of await sealedCredentials(db, prepared, imeis)) {
        if (sealed === null) known.delete(imei);
        const entry = sealed === null ? undefined : remember(imei, id, sealed);
        if (entry) current.set(imei, entry);
      }
      return messages.map((m, i) => results[i] ?? check(m, current.get(m.imei)));
    },
    async current(imei) {
      const [found] = await sealedCredentials(db, false, [imei]);
      const [, id, sealed] = found ?? [];
      if (id === undefined || !sealed) return null;
      return remember(imei, id, sealed) ?? null;
    },
    forget(imei) {
      known.delete(imei);
    },
    async warm() {
      let after = 0;
      let failed = 0;
      while (known.size < MAX_KNOWN) {
        const rows = await selectRows<{ id: number; imei: string; credential: string }>(
          db,
          sql`select id, imei, credential from devices
              where id > ${after} and credential is not null order by id limit ${WARM_CHUNK}`,
        );
        // Never over what a batch has read meanwhile: that is at least as fresh.
        for (const row of rows) {
          if (!known.has(row.imei) && !remember(row.imei, row.id, row.credential, true)) failed++;
        }
        const last = rows.at(-1);
        if (!last || rows.length < WARM_CHUNK) break;
        after = last.id;
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (failed) log.error({ devices: failed }, UNOPENABLE);
      return known.size;
    },
  };
}
