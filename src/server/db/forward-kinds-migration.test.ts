import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { FORWARD_PROTOCOL_IDS, MESSAGE_TYPE_IDS } from '@shared/forwards/forward-kinds';

// Migration 0009 renumbers message types and protocols of a database that has data.
const migrations = fileURLToPath(new URL('./migrations', import.meta.url));
const before0009 = mkdtempSync(path.join(tmpdir(), 'fp-migrations-'));
afterAll(() => {
  rmSync(before0009, { recursive: true, force: true });
});

/** The migrations folder as it was before `tag`. */
function migrationsBefore(tag: string): string {
  cpSync(migrations, before0009, { recursive: true });
  const journalFile = path.join(before0009, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { tag: string }[];
  };
  const index = journal.entries.findIndex((e) => e.tag === tag);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(journalFile, JSON.stringify(journal));
  return before0009;
}

describe('migration 0009 (forward kinds)', () => {
  it('gives message types and protocols spec numbers and keeps every reference', async () => {
    const client = new PGlite({ extensions: { pg_trgm } });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsBefore('0009_forward_kinds') });
    // A database as the old seed left it: serial ids in seed order, and TCP Binary.
    await client.exec(`
      insert into message_types (name) values ('TD'), ('RT'), ('TC'), ('TL');
      insert into forward_protocols (name) values ('HTTP JSON'), ('MQTT'), ('Wialon IPS'), ('TCP Binary');
      insert into customers (name) values ('Old Co');
      insert into forwards (customer_id, name, ip, port, protocol_id)
        values (1, 'binary feed', '198.51.100.7', 5001, 4), (1, 'mqtt feed', '198.51.100.8', 1883, 2);
      insert into forward_message_types values (1, 2), (2, 1), (2, 4);
      insert into devices (imei, customer_id, device_type) values ('356000000000001', 1, 4);
      insert into device_forwards (device_id, message_type_id, forward_id) values (1, 2, 1), (1, 4, 2);
    `);
    await migrate(db, { migrationsFolder: migrations });

    const types = await client.query<{ id: number; name: string }>(
      'select id, name from message_types order by id',
    );
    expect(types.rows).toEqual(
      Object.entries(MESSAGE_TYPE_IDS)
        .map(([name, id]) => ({ id, name }))
        .sort((a, b) => a.id - b.id),
    );
    const protocols = await client.query<{ id: number; name: string }>(
      'select id, name from forward_protocols order by id',
    );
    expect(protocols.rows).toEqual(
      Object.entries(FORWARD_PROTOCOL_IDS).map(([name, id]) => ({ id, name })),
    );
    const forwards = await client.query<{ name: string; protocol: string; types: string }>(`
      select f.name, p.name as protocol,
        (select string_agg(t.name, ',' order by t.name) from forward_message_types x
          join message_types t on t.id = x.message_type_id where x.forward_id = f.id) as types
      from forwards f join forward_protocols p on p.id = f.protocol_id order by f.id`);
    expect(forwards.rows).toEqual([
      { name: 'binary feed', protocol: 'HTTP JSON', types: 'RT' },
      { name: 'mqtt feed', protocol: 'MQTT', types: 'TD,TL' },
    ]);
    const slots = await client.query<{ type: string; forward: string }>(`
      select t.name as type, f.name as forward from device_forwards d
      join message_types t on t.id = d.message_type_id join forwards f on f.id = d.forward_id
      order by t.name`);
    expect(slots.rows).toEqual([
      { type: 'RT', forward: 'binary feed' },
      { type: 'TL', forward: 'mqtt feed' },
    ]);
    await client.close();
  });
});
