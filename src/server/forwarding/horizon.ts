import { sql } from 'drizzle-orm';

/**
 * The forwarding queue's horizon (decisions 046, 059), as an SQL expression of type xid8: the
 * oldest transaction id that may still write a raw message of this database; every raw message
 * below it is committed and visible (or rolled back), and none can arrive below it later.
 *
 * `pg_snapshot_xmin(pg_current_snapshot())` would be the oldest transaction running anywhere in
 * the PostgreSQL cluster: transaction ids are the cluster's, not a database's, so a transaction
 * open in another database (another application, another test file's database) held every
 * forward back until it ended. A transaction can only write to the database its session is
 * connected to, so the transactions of the snapshot that pg_stat_activity names as another
 * database's are left out. Its backend_xid and datid are readable without any privilege.
 *
 * Read in the same statement as the snapshot and after it: a transaction in the snapshot ran
 * since before the snapshot, so its backend's entry (database) is the one read with its id. An id
 * pg_stat_activity does not show (it ended meanwhile, a prepared transaction) is kept: holding
 * back for a moment is safe, skipping is not. On PGlite there is one database and one session.
 *
 * Nothing running (xmin = xmax, always so on PGlite): xmax, without reading pg_stat_activity,
 * which made each read about 3 times as slow on PGlite. The own transaction's id counts too, as
 * in the snapshot's xmin. Use it once per statement, and
 * never after pg_stat_activity was read earlier in the same transaction (PostgreSQL keeps that
 * first reading for the rest of the transaction).
 */
export const HORIZON = sql.raw(`(select least(case
    when pg_snapshot_xmin(s) = pg_snapshot_xmax(s) then pg_snapshot_xmax(s)
    else coalesce((select min(x) from pg_snapshot_xip(s) x
      where x::xid not in (select a.backend_xid from pg_stat_get_activity(null) a
        where a.backend_xid is not null and a.datid is not null
          and a.datid <> (select d.oid from pg_database d where d.datname = current_database()))),
      pg_snapshot_xmax(s)) end, pg_current_xact_id_if_assigned()) from pg_current_snapshot() s)`);
