import type { CanConfig } from '@shared/libraries/can-library';
import { wordsField, type ClientFields } from '@app/components/list/model';
import { activeSearchWords } from '@app/lib/lookups/libraries';
import type { CanConfigFilter } from './can-config-list-url';

/** What each filter of /canprotocol searches (spec 03 "QTLibrary"). */
export const CAN_CONFIG_SEARCH_FIELDS: ClientFields<CanConfig, CanConfigFilter> = {
  Protocol: (c) => c.Protocol,
  Brand: (c) => c.Brand,
  Name: (c) => c.Name,
  Active: wordsField(activeSearchWords),
};
