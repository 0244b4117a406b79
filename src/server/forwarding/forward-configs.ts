import { sql } from 'drizzle-orm';
import { selectRows, type DbOrTx } from '@server/db/client';
import { revealSecret, type SecretBox } from '@server/auth/secret-box';
import type { ForwardTarget } from './protocols/types';

/** A forward as the engine delivers to it. */
export interface ForwardConfig {
  target: ForwardTarget;
  name: string;
  customerId: number | null;
  /** 0 Server Down (held), 1 Server Up & Running. */
  status: number;
  /** Changes whenever anything the sender uses changes, so the sender is made anew. */
  fingerprint: string;
}

interface Row {
  id: number;
  name: string;
  customer_id: number | null;
  ip: string;
  port: number;
  username: string | null;
  password: string | null;
  api_key: string | null;
  auth: string | null;
  status: number;
  protocol_id: number | null;
}

/**
 * The forwards with these ids, secrets opened; a removed forward is simply absent. A forward
 * unchanged since `known` keeps its opened target: secrets are opened only when they change.
 */
export async function loadForwardConfigs(
  db: DbOrTx,
  ids: readonly number[],
  secrets: SecretBox,
  known: ReadonlyMap<number, ForwardConfig> = new Map(),
): Promise<Map<number, ForwardConfig>> {
  if (ids.length === 0) return new Map();
  const rows = await selectRows<Row>(
    db,
    sql`select id, name, customer_id, ip, port, username, password, api_key, auth, status,
      protocol_id from forwards where id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  return new Map(
    rows.map((r) => {
      // The sealed values (not the opened ones) make the fingerprint: no secret in memory twice.
      const fingerprint = JSON.stringify([
        r.protocol_id,
        r.ip,
        r.port,
        r.username,
        r.password,
        r.api_key,
        r.auth,
      ]);
      const before = known.get(r.id);
      const target: ForwardTarget =
        before?.fingerprint === fingerprint
          ? before.target
          : {
              forwardId: r.id,
              protocolId: r.protocol_id ?? 0,
              host: r.ip,
              port: r.port,
              username: r.username,
              password: revealSecret(secrets, r.password),
              apiKey: revealSecret(secrets, r.api_key),
              auth: revealSecret(secrets, r.auth),
            };
      return [
        r.id,
        { target, name: r.name, customerId: r.customer_id, status: r.status, fingerprint },
      ];
    }),
  );
}
