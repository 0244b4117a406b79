import { eq } from 'drizzle-orm';
import { tachoServerRoutes } from '@shared/tacho/api-paths-tacho';
import { TACHO_KINDS, type TachoKind } from '@shared/tacho/tacho';
import {
  TachoFileIdParamsSchema,
  TachoNamesParamsSchema,
  TachoPanelFilesSchema,
  TachoPanelRangeQuerySchema,
  TachoPlatesParamsSchema,
  TachoStateGraphSchema,
} from '@shared/tacho/tacho-schemas';
import { assertVisible } from '@server/auth/tenancy';
import type { Db } from '@server/db/client';
import { tachoFileContents, tachoFiles } from '@server/db/schema';
import { attachmentDisposition } from '@server/http/content-disposition';
import { notFound } from '@server/errors/http-errors';
import type { App } from '@server/http/types';
import { panelFiles, panelNames } from './panel';
import { tachoStateGraph } from './state-graph';

const tags = ['tacho'];
const read = { access: 'tacho.read' } as const;
export const TACHO_FILE_NOT_FOUND = 'Tachograph file not found';

/** The file, its bytes and headers; another tenant's (or one without bytes) is 404. */
async function fileDownload(db: Db, fileId: number) {
  const [file] = await db
    .select({
      customerId: tachoFiles.customerId,
      fileName: tachoFiles.fileName,
      bytes: tachoFileContents.bytes,
    })
    .from(tachoFiles)
    .leftJoin(tachoFileContents, eq(tachoFileContents.fileId, tachoFiles.id))
    .where(eq(tachoFiles.id, fileId));
  return file;
}

/**
 * The rtddata routes besides the lists: one file's bytes, the overviews' side panels and the
 * state graph. Static segments (`stategraph`, `latest`, `all`…) win over `rtddata/{fileId}`
 * in the router.
 */
export function tachoRoutes(app: App, db: Db): void {
  app.get(
    tachoServerRoutes.tachoStateGraph,
    {
      config: read,
      schema: {
        tags,
        summary: 'The state graph: vehicles and drivers by law and by planned RDL',
        response: { 200: TachoStateGraphSchema },
      },
    },
    async (request) => tachoStateGraph(db, await request.scope(), request.caller.customerId),
  );

  app.get(
    tachoServerRoutes.tachoFile,
    {
      config: read,
      schema: {
        tags,
        summary: 'The tachograph file (application/octet-stream), saved under its FileName',
        params: TachoFileIdParamsSchema,
      },
    },
    async (request, reply) => {
      const scope = await request.scope();
      const file = await fileDownload(db, request.params.fileId);
      assertVisible(scope, file?.customerId, TACHO_FILE_NOT_FOUND);
      if (!file?.bytes) throw notFound(TACHO_FILE_NOT_FOUND);
      return reply
        .type('application/octet-stream')
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(file.bytes));
    },
  );

  const panel = (kind: TachoKind, field: 'plates' | 'names') => ({
    config: read,
    schema: {
      tags,
      summary:
        kind === TACHO_KINDS.vehicle
          ? "The plates' vehicle unit downloads between from and to (default: last 3 months)"
          : "The drivers' card downloads between from and to (default: last month)",
      params: field === 'plates' ? TachoPlatesParamsSchema : TachoNamesParamsSchema,
      querystring: TachoPanelRangeQuerySchema,
      response: { 200: TachoPanelFilesSchema },
    },
  });
  app.get(
    tachoServerRoutes.tachoObjectFiles,
    panel(TACHO_KINDS.vehicle, 'plates'),
    async (request) =>
      panelFiles(
        db,
        await request.scope(),
        TACHO_KINDS.vehicle,
        panelNames(request.url, 'plates'),
        request.query,
      ),
  );
  app.get(tachoServerRoutes.tachoDriverFiles, panel(TACHO_KINDS.driver, 'names'), async (request) =>
    panelFiles(
      db,
      await request.scope(),
      TACHO_KINDS.driver,
      panelNames(request.url, 'names'),
      request.query,
    ),
  );
}
