import { LOG_SEARCH_FILTERS, RAW_MESSAGE_SEARCH_FILTERS } from '@shared/log/log-lists';
import { listUrlSearch } from '@app/components/list/model';

/** `/log?filter=Level&q=error`: the search survives a reload and the back button. */
export const logListUrl = listUrlSearch(LOG_SEARCH_FILTERS, 'Message');

/** `/rawmessages?q=…`: Message is the only filter. */
export const rawMessageListUrl = listUrlSearch(RAW_MESSAGE_SEARCH_FILTERS, 'Message');
