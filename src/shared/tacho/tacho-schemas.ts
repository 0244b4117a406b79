/**
 * Schemas of the rtddata routes (`?type=`, pages, the side panel's names and dates, the state
 * graph), shared by the server's validation and OpenAPI document and the client's forms.
 * The shapes they describe are in tacho-lists.ts; the rules in tacho.ts and tacho-state.ts.
 */
import * as v from 'valibot';
import { idParams } from '@shared/api/ids';
import { listPageSchema } from '@shared/api/list-resource';
import { TACHO_KINDS, TACHO_RULES, type TachoKind } from './tacho';
import { TACHO_PAGE_SIZE } from './tacho-lists';

const TYPE_MESSAGE = 'Type must be 1 (vehicle unit) or 2 (driver card)';

/** `?type=` of every rtddata list: 1 vehicle unit (mass memory), 2 driver card. */
export const TachoTypeQueryEntries = {
  // Optional with '' so a missing type gets the same message (as forward-form.ts does).
  type: v.pipe(
    v.optional(
      v.picklist([String(TACHO_KINDS.vehicle), String(TACHO_KINDS.driver)], TYPE_MESSAGE),
      '',
    ),
    v.transform((s) => Number(s) as TachoKind),
  ),
};

export const TachoFileIdParamsSchema = idParams('fileId', 'tachoFile');

const isoTime = v.pipe(v.string(), v.isoTimestamp());
const RequestStateSchema = v.object({
  Id: v.number(),
  Progress: v.picklist(['requested', 'sent', 'received']),
  Created: isoTime,
  RequestedBy: v.picklist(['user', 'scheduler']),
});

const fileRowEntries = {
  CustomerId: v.nullable(v.number()),
  Customer: v.nullable(v.string()),
  LicensePlate: v.nullable(v.string()),
  Name: v.nullable(v.string()),
  CardNumber: v.nullable(v.string()),
  IMEI: v.nullable(v.string()),
  VIN: v.nullable(v.string()),
  FileName: v.string(),
  TimeStampUpload: isoTime,
  TimeStampFrom: v.pipe(isoTime, v.description('1990-01-01T00:00:00.000Z: unknown period')),
  TimeStampTo: isoTime,
  ValidState: v.pipe(v.number(), v.description('1 ok; 2, 3, 44 not ok; 11, 12 interim')),
  Request: v.nullable(RequestStateSchema),
};

export const TachoFileRowSchema = v.object({ Id: v.number(), ...fileRowEntries });
export const TachoLatestRowSchema = v.object({
  Id: v.pipe(v.number(), v.description('The overview row (the cursor)')),
  FileId: v.number(),
  ...fileRowEntries,
});

export const TachoFilePageSchema = listPageSchema(TachoFileRowSchema, {
  base: 'rtddata',
  pageSize: TACHO_PAGE_SIZE,
  noun: 'downloads',
  order: 'desc',
});

/** The overviews are ordered most urgent first: the oldest data end, then the row's Id. */
export const TachoLatestPageSchema = v.pipe(
  v.array(TachoLatestRowSchema),
  v.description(
    `At most ${TACHO_PAGE_SIZE} overview rows, most urgent first: by the data end ` +
      '(TimeStampTo, unknown periods first), then Id. Continue with the Id of the last one ' +
      '(rtddata/latest/chunk/{lastId}, or ?after={lastId} on search and customer lists); a page ' +
      `of fewer than ${TACHO_PAGE_SIZE} is the last.`,
  ),
);

/** The side panel's subjects: at most this many plates or names per call. */
export const TACHO_PANEL_MAX_NAMES = 50;
export const TACHO_PANEL_MAX_NAME_LENGTH = 64;
/** The side panel answers at most this many files, newest first. */
export const TACHO_PANEL_MAX_FILES = 500;

/** The plates or driver names of a side panel call, once split and decoded. */
export const TachoPanelNamesSchema = v.pipe(
  v.array(
    v.pipe(
      v.string(),
      v.nonEmpty('A name is empty'),
      v.maxLength(
        TACHO_PANEL_MAX_NAME_LENGTH,
        `A name is longer than ${TACHO_PANEL_MAX_NAME_LENGTH} characters`,
      ),
    ),
  ),
  v.minLength(1, 'Name at least one'),
  v.maxLength(TACHO_PANEL_MAX_NAMES, `At most ${TACHO_PANEL_MAX_NAMES} at once`),
);

/** The path segment as routed (decoded; the handler splits the raw one, see the routes). */
const namesSegment = v.pipe(
  v.string(),
  v.nonEmpty('Name at least one'),
  v.maxLength(TACHO_PANEL_MAX_NAMES * (TACHO_PANEL_MAX_NAME_LENGTH + 1), 'Too many names'),
);
export const TachoPlatesParamsSchema = v.object({ plates: namesSegment });
export const TachoNamesParamsSchema = v.object({ names: namesSegment });

const DATE_MESSAGE = 'Must be an ISO date (YYYY-MM-DD) or date-time';
const isoDateOrTime = v.pipe(
  v.string(DATE_MESSAGE),
  v.check(
    (s) =>
      /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/.test(s) &&
      !Number.isNaN(Date.parse(s)),
    DATE_MESSAGE,
  ),
);

/** `?from=&to=` of the side panel; a date alone means the whole day (UTC). */
export const TachoPanelRangeQuerySchema = v.pipe(
  v.object({ from: v.optional(isoDateOrTime), to: v.optional(isoDateOrTime) }),
  v.forward(
    v.partialCheck(
      [['from'], ['to']],
      ({ from, to }) =>
        from === undefined || to === undefined || tachoRangeStart(from) < tachoRangeEnd(to),
      'The end must not be before the start',
    ),
    ['to'],
  ),
);

const DAY_MS = 86_400_000;
const isDateOnly = (s: string) => s.length === 10;
/** Where a `from` value starts (a date: its midnight, UTC). */
export const tachoRangeStart = (from: string): number => Date.parse(from);
/** Where a `to` value ends, exclusive (a date: the next midnight, UTC). */
export const tachoRangeEnd = (to: string): number =>
  isDateOnly(to) ? Date.parse(to) + DAY_MS : Date.parse(to);

/** Today's date and the default start of a side panel: last 3 months (vehicle) or 1 (driver). */
export function tachoPanelDefaults(
  kind: TachoKind,
  now = new Date(),
): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  const start = new Date(
    Date.UTC(
      now.getUTCFullYear(),
      now.getUTCMonth() - TACHO_RULES[kind].panelMonths,
      now.getUTCDate(),
    ),
  );
  return { from: start.toISOString().slice(0, 10), to };
}

export const TachoPanelFilesSchema = v.pipe(
  v.array(TachoFileRowSchema),
  v.description(
    `The subjects' downloads whose period overlaps from…to, newest first, at most ` +
      `${TACHO_PANEL_MAX_FILES}`,
  ),
);

const countsSchema = v.object({
  Available: v.number(),
  SoonAvailable: v.number(),
  NotOnSchedule: v.number(),
});
export const TachoStateGraphSchema = v.object({
  ByLaw: v.object({ Vehicles: countsSchema, Drivers: countsSchema }),
  PlannedRdl: v.object({ Vehicles: countsSchema, Drivers: countsSchema }),
  SoonDays: v.number(),
});
