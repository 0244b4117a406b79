import { listPaths } from '@shared/api/list-resource';
import {
  RAW_MESSAGE_PAGE_SIZE,
  RAW_MESSAGE_SEARCH_FILTERS,
  RawMessagePageSchema,
} from '@shared/devices/raw-messages';
import { serverListSource } from '@app/components/list/model';

/**
 * Every device's raw messages (spec 02 "Raw Messages page"): `GET rawmessages/`,
 * `rawmessages/chunk/{lastId}`, `rawmessages/search/Message/{text}?after=`, `rawmessages/all/`,
 * newest first in pages of 50. (A device's own list is the device page's tab.)
 */
export const rawMessageList = serverListSource({
  key: ['rawmessages'],
  paths: listPaths('rawmessages'),
  pageSize: RAW_MESSAGE_PAGE_SIZE,
  page: RawMessagePageSchema,
  filters: RAW_MESSAGE_SEARCH_FILTERS,
  rows: 'raw messages',
});
