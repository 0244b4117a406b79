import { and, desc, eq, gte, lt, or, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { TachoKind } from '@shared/tacho/tacho';
import { TACHO_KINDS, TACHO_UNKNOWN_PERIOD } from '@shared/tacho/tacho';
import type { TachoFileRow } from '@shared/tacho/tacho-lists';
import {
  TACHO_PANEL_MAX_FILES,
  TachoPanelNamesSchema,
  tachoPanelDefaults,
  tachoRangeEnd,
  tachoRangeStart,
} from '@shared/tacho/tacho-schemas';
import { toFieldErrors } from '@shared/api/validation';
import type { CustomerScope } from '@server/auth/tenancy';
import type { DbOrTx } from '@server/db/client';
import { inlineLimit } from '@server/db/prepared';
import { tachoFiles } from '@server/db/schema';
import { badRequest } from '@server/errors/http-errors';
import { jsonColumn, jsonRowsOfShape } from '@server/db/json-rows';
import { selectFiles, toFileRow, type FileRecord } from './rows';

/**
 * The subjects of `tachoobject/{plates}` / `tachodriver/{names}` from the request's raw path:
 * the client encodes each name and joins them with ',' (tachoApiPaths.tachoObjectFiles), and the
 * router's decoded parameter could not tell a comma inside a name from one between names.
 */
export function panelNames(rawUrl: string, field: string): string[] {
  const path = rawUrl.split('?', 1)[0] ?? '';
  const segment = path.slice(path.lastIndexOf('/') + 1);
  let names: string[];
  try {
    names = segment.split(',').map((n) => decodeURIComponent(n).trim());
  } catch {
    throw badRequest({ [field]: 'Names must be URL-encoded' });
  }
  const parsed = v.safeParse(TachoPanelNamesSchema, names);
  if (!parsed.success) {
    const message = Object.values(toFieldErrors(parsed.issues))[0] ?? 'Invalid names';
    throw badRequest({ [field]: message });
  }
  return [...new Set(parsed.output)];
}

/**
 * The side panel: the named plates' (vehicle units) or drivers' records in the caller's scope
 * whose period overlaps [from, to), newest first, at most TACHO_PANEL_MAX_FILES. Records of the
 * unknown period (1990) are always in: no range can exclude them, and they are the overview's
 * most urgent rows, which the panel would otherwise show empty. Served by tacho_files (kind,
 * plate|driver, period_to).
 */
export async function panelFiles(
  db: DbOrTx,
  scope: CustomerScope,
  kind: TachoKind,
  names: readonly string[],
  range: { from?: string; to?: string },
): Promise<TachoFileRow[]> {
  const defaults = tachoPanelDefaults(kind);
  const from = new Date(tachoRangeStart(range.from ?? defaults.from));
  const to = new Date(tachoRangeEnd(range.to ?? defaults.to));
  const subject = kind === TACHO_KINDS.vehicle ? tachoFiles.licensePlate : tachoFiles.driverName;
  const scoped = !scope.all;
  const values: PanelValues = {
    kind,
    names: [...names],
    from,
    to,
    customerIds: scope.all ? [] : scope.customerIds,
  };
  const records = await jsonRowsOfShape<FileRecord, PanelValues>(
    db,
    `tacho-panel:${String(kind)}:${scoped ? 'scoped' : 'all'}`,
    (param) =>
      selectFiles(db, kind, param('kind'))
        .where(
          and(
            eq(tachoFiles.kind, param('kind')),
            sql`${subject} = any(${param('names')})`,
            or(
              and(gte(tachoFiles.periodTo, param('from')), lt(tachoFiles.periodFrom, param('to'))),
              eq(tachoFiles.periodTo, sql.raw(`'${TACHO_UNKNOWN_PERIOD}'::timestamptz`)),
            ),
            scoped ? sql`${tachoFiles.customerId} = any(${param('customerIds')})` : undefined,
          ),
        )
        .orderBy(desc(tachoFiles.id))
        .limit(inlineLimit(TACHO_PANEL_MAX_FILES)),
    values,
    sql`${jsonColumn('Id')} desc`,
  );
  return records.map(toFileRow);
}

/** What the panel's statement takes as parameters (`selectShape`). */
interface PanelValues extends Record<string, unknown> {
  kind: number;
  names: string[];
  from: Date;
  to: Date;
  customerIds: number[];
}
