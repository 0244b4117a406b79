/**
 * The filters and levels of the Log and Raw Messages lists, without valibot: route files' search
 * schemas sit in the sign-in page's entry bundle (operator-log.ts and raw-messages.ts have the
 * page schemas).
 */

export const LOG_LEVELS = ['Information', 'Warning', 'Error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The level a search text names (equals, case-insensitive), or undefined for none. */
export const logLevelNamed = (text: string): LogLevel | undefined =>
  LOG_LEVELS.find((level) => level.toLowerCase() === text.trim().toLowerCase());

/**
 * Message: contains, case-insensitive. Level: equals one of LOG_LEVELS, case-insensitive.
 * TimeStamp: a date/time prefix as shown, see timestamp-search.ts.
 */
export const LOG_SEARCH_FILTERS = ['Message', 'Level', 'TimeStamp'] as const;
export type LogSearchFilter = (typeof LOG_SEARCH_FILTERS)[number];

/** The Raw Messages screen searches the message text: contains, case-insensitive. */
export const RAW_MESSAGE_SEARCH_FILTERS = ['Message'] as const;
export type RawMessageSearchFilter = (typeof RAW_MESSAGE_SEARCH_FILTERS)[number];
