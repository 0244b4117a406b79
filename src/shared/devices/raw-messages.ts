import * as v from 'valibot';
import { RAW_MESSAGE_BATCH } from './constants';
import { listPageSchema } from '@shared/api/list-resource';

/** A stored device message (spec 01 §3); lists come newest first in batches of 50. */
export const RawMessageSchema = v.object({
  Id: v.number(),
  /** ISO timestamp of arrival at the server. */
  TimeStampServer: v.string(),
  ValidJson: v.boolean(),
  Message: v.string(),
});
export type RawMessage = v.InferOutput<typeof RawMessageSchema>;

export { RAW_MESSAGE_SEARCH_FILTERS, type RawMessageSearchFilter } from '@shared/log/log-lists';

/** `rawmessages/…` (admins): every device's messages, newest first, 50 a page. */
export const RAW_MESSAGE_PAGE_SIZE = RAW_MESSAGE_BATCH;

export const RawMessagePageSchema = listPageSchema(RawMessageSchema, {
  base: 'rawmessages',
  pageSize: RAW_MESSAGE_PAGE_SIZE,
  noun: 'raw messages',
  order: 'desc',
});
