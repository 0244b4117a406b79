import * as v from 'valibot';
import { MAX_SERIAL_ID, wholeNumberPatternSource } from '@shared/api/id-limits';

/**
 * A forward's delivery health and its replay (issue 15): what the Forwards page and the device
 * page's Message forwards tab show, and the Replay dialog's call. One contract for the client and
 * the server's routes.
 */

/**
 * - delivering: caught up or sending without errors;
 * - retrying: the last attempt failed, the next one is scheduled (backing off);
 * - failing: failing for longer than FAILING_AFTER_MS (or FAILING_AFTER_ATTEMPTS attempts);
 * - paused: Status 0 ('Server Down'): messages are held and delivered once it is 1 again.
 */
export const FORWARD_STATES = ['delivering', 'retrying', 'failing', 'paused'] as const;
export type ForwardState = (typeof FORWARD_STATES)[number];
export const FORWARD_STATE_LABELS: Record<ForwardState, string> = {
  delivering: 'Delivering',
  retrying: 'Retrying',
  failing: 'Failing',
  paused: 'Paused',
};

/** A forward counts as failing after this long (or this many attempts) without a delivery. */
export const FAILING_AFTER_MS = 5 * 60_000;
export const FAILING_AFTER_ATTEMPTS = 5;

/** The backlog is counted up to this many messages; beyond, `BacklogCapped` is true. */
export const BACKLOG_COUNT_CAP = 100_000;

/** How often a page showing health asks again while it is visible (ms). */
export const FORWARD_HEALTH_REFRESH_MS = 3_000;

export const ForwardHealthSchema = v.object({
  ForwardId: v.number(),
  State: v.picklist(FORWARD_STATES),
  /** Messages waiting for this forward (at most BACKLOG_COUNT_CAP). */
  Backlog: v.number(),
  /** More are waiting than `Backlog` says. */
  BacklogCapped: v.boolean(),
  /** Age of the oldest waiting message in seconds; null when none waits. */
  LagSeconds: v.nullable(v.number()),
  /** Over the last 24 hours. */
  Delivered24h: v.number(),
  /** Failed attempts (messages in failed batches) over the last 24 hours. */
  Failed24h: v.number(),
  /** Messages given up after the retention over the last 24 hours. */
  GivenUp24h: v.number(),
  /** ISO instants; null when never. */
  LastDeliveredAt: v.nullable(v.string()),
  LastError: v.nullable(v.string()),
  LastErrorAt: v.nullable(v.string()),
  /** When the next attempt is due while retrying or failing. */
  NextAttemptAt: v.nullable(v.string()),
  /** Messages of running replays still to send. */
  ReplayRemaining: v.number(),
});
export type ForwardHealth = v.InferOutput<typeof ForwardHealthSchema>;
export const ForwardHealthListSchema = v.array(ForwardHealthSchema);

/** At most this many forwards per health call (a list page). */
export const HEALTH_IDS_MAX = 200;
export const HEALTH_IDS_INVALID = `ids must be up to ${String(HEALTH_IDS_MAX)} forward ids, comma-separated`;

const FORWARD_ID = wholeNumberPatternSource(MAX_SERIAL_ID);
/** 1 to HEALTH_IDS_MAX forward ids: the whole rule in the pattern, as the API document shows it. */
const HEALTH_IDS = new RegExp(`^${FORWARD_ID}(?:,${FORWARD_ID}){0,${String(HEALTH_IDS_MAX - 1)}}$`);

/** `GET forwards/health?ids=1,2,3`. */
export const ForwardHealthQuerySchema = v.object({
  ids: v.pipe(
    v.string(HEALTH_IDS_INVALID),
    v.regex(HEALTH_IDS, HEALTH_IDS_INVALID),
    v.transform((text) => [...new Set(text.split(',').map(Number))]),
  ),
});

/** A replay window may span at most this long. */
export const REPLAY_MAX_DAYS = 31;
export const REPLAY_FROM_REQUIRED = 'From is Required';
export const REPLAY_TO_REQUIRED = 'To is Required';
export const REPLAY_NOT_A_TIME = 'Enter a date and time';
export const REPLAY_TO_BEFORE_FROM = 'To must be after From';
export const REPLAY_TOO_LONG = `A replay window can span at most ${String(REPLAY_MAX_DAYS)} days`;
export const REPLAY_IN_FUTURE = 'From must be in the past';

const instant = (required: string) =>
  v.pipe(
    v.optional(v.nullable(v.string(required)), ''),
    v.transform((text) => (text ?? '').trim()),
    v.nonEmpty(required),
    v.check((text) => !Number.isNaN(Date.parse(text)) && text.length <= 40, REPLAY_NOT_A_TIME),
    v.transform((text) => new Date(text).toISOString()),
  );

/**
 * `GET forwards/{id}/replay?From=&To=` (how many messages) and `POST forwards/{id}/replay`
 * (start): the window of receive times, From inclusive, To exclusive.
 */
export const ReplayWindowSchema = v.pipe(
  v.object({ From: instant(REPLAY_FROM_REQUIRED), To: instant(REPLAY_TO_REQUIRED) }),
  v.forward(
    v.partialCheck([['From'], ['To']], (w) => w.To > w.From, REPLAY_TO_BEFORE_FROM),
    ['To'],
  ),
  v.forward(
    v.partialCheck(
      [['From'], ['To']],
      (w) => Date.parse(w.To) - Date.parse(w.From) <= REPLAY_MAX_DAYS * 86_400_000,
      REPLAY_TOO_LONG,
    ),
    ['To'],
  ),
  v.forward(
    v.partialCheck([['From']], (w) => Date.parse(w.From) < Date.now(), REPLAY_IN_FUTURE),
    ['From'],
  ),
);
export type ReplayWindowInput = v.InferInput<typeof ReplayWindowSchema>;
export type ReplayWindow = v.InferOutput<typeof ReplayWindowSchema>;

/** How many of the forward's messages the window holds (preview), or the replay started. */
export const ReplayAnswerSchema = v.object({ Messages: v.number() });
export type ReplayAnswer = v.InferOutput<typeof ReplayAnswerSchema>;

/** The toast after a replay starts. */
export const replayStarted = (messages: number, name: string) =>
  `Replay of ${String(messages)} message${messages === 1 ? '' : 's'} to ${name} started`;
/** The confirmation's question. */
export const replayQuestion = (messages: number, name: string) =>
  `Send ${String(messages)} message${messages === 1 ? '' : 's'} to ${name} again? They are marked as replayed.`;
