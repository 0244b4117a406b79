/**
 * Valibot schemas of the rtddata answers (spec 03 §3, §7): the shapes of tacho-lists.ts, so the
 * screens check what they are given and the server can declare the same as its responses. Apart
 * from tacho-lists.ts, which route files and the rules read without valibot.
 */
import * as v from 'valibot';
import { listPageSchema } from './list-resource';
import {
  TACHO_PAGE_SIZE,
  type TachoFileRow,
  type TachoLatestRow,
  type TachoRequestState,
  type TachoStateCounts,
  type TachoStateGraph,
} from './tacho-lists';

export const TachoRequestStateSchema = v.object({
  Id: v.number(),
  Progress: v.picklist(['requested', 'sent', 'received']),
  Created: v.string(),
  RequestedBy: v.picklist(['user', 'scheduler']),
}) satisfies v.GenericSchema<unknown, TachoRequestState>;

const recordEntries = {
  CustomerId: v.nullable(v.number()),
  Customer: v.nullable(v.string()),
  LicensePlate: v.nullable(v.string()),
  Name: v.nullable(v.string()),
  CardNumber: v.nullable(v.string()),
  IMEI: v.nullable(v.string()),
  VIN: v.nullable(v.string()),
  FileName: v.string(),
  TimeStampUpload: v.string(),
  TimeStampFrom: v.string(),
  TimeStampTo: v.string(),
  ValidState: v.number(),
  Request: v.nullable(TachoRequestStateSchema),
};

export const TachoFileRowSchema = v.object({
  Id: v.number(),
  ...recordEntries,
}) satisfies v.GenericSchema<unknown, TachoFileRow>;

export const TachoLatestRowSchema = v.object({
  Id: v.number(),
  FileId: v.number(),
  ...recordEntries,
}) satisfies v.GenericSchema<unknown, TachoLatestRow>;

export const TachoFilePageSchema = listPageSchema(TachoFileRowSchema, {
  base: 'rtddata',
  pageSize: TACHO_PAGE_SIZE,
  noun: 'downloads',
  order: 'desc',
});

export const TachoLatestPageSchema = listPageSchema(TachoLatestRowSchema, {
  base: 'rtddata/latest',
  pageSize: TACHO_PAGE_SIZE,
  noun: 'latest downloads',
});

/** The side panel's answer (`tachoobject/…`, `tachodriver/…`): the records, unpaged. */
export const TachoPanelFilesSchema = v.array(TachoFileRowSchema);

const CountsSchema = v.object({
  Available: v.number(),
  SoonAvailable: v.number(),
  NotOnSchedule: v.number(),
}) satisfies v.GenericSchema<unknown, TachoStateCounts>;

export const TachoStateGraphSchema = v.object({
  ByLaw: v.object({ Vehicles: CountsSchema, Drivers: CountsSchema }),
  PlannedRdl: v.object({ Vehicles: CountsSchema, Drivers: CountsSchema }),
  SoonDays: v.number(),
}) satisfies v.GenericSchema<unknown, TachoStateGraph>;

/**
 * A remote download request's answer: the text the success toast shows (spec 03 §7), sent as a
 * JSON string; an object with a Message is read too.
 */
export const TachoRequestAnswerSchema = v.union([
  v.string(),
  v.pipe(
    v.object({ Message: v.string() }),
    v.transform((o) => o.Message),
  ),
]);
