import { LRUCache } from 'lru-cache';
import { addressKey } from './client-address';

/**
 * Sign-in throttling (docs/decisions/004-login-throttle.md), in memory: one server process owns
 * the API. Three limits, none of which lets an attacker lock an account's owner out:
 * - per (account, address): a hard limit on failures;
 * - per address across accounts: a hard limit, so one address cannot spray many accounts;
 * - per account across addresses: a slow-down. Once an account has had a few recent failures,
 *   addresses that have not signed in to it recently take turns, one every few seconds, each
 *   queued for its own turn, so a flood of guesses cannot starve an owner's attempt.
 * An address that signed in to the account recently skips the last two for that account.
 * An admitted attempt counts as a failure until `recordSuccess`, so concurrent guesses count too.
 */
export interface LoginThrottle {
  /** Seconds to wait before this attempt may go ahead, or 0 when it may go ahead now. */
  admit(email: string, ip: string): number;
  recordSuccess(email: string, ip: string): void;
  /** Entries held (addresses, accounts, pairs, turns): bounded by `maxEntries` per kind. */
  size(): number;
  /**
   * Calls `listener` once when a hard limit starts blocking an (account, address) pair or an
   * address (not again for the same block), for the operator log.
   */
  onBlockStart(listener: (block: LoginBlock) => void): void;
}

/** A hard block that has just started: who, and for how long. */
export interface LoginBlock {
  kind: 'account' | 'address';
  /** The account (lower case) of an account block. */
  account?: string;
  /** The address as counted (an IPv6 /64 as its prefix). */
  address: string;
  seconds: number;
}

export interface LoginThrottleLimits {
  windowMs: number;
  /** Failures per (account, address) within the window before that pair must wait. */
  perPair: number;
  /** Failures per address across accounts (addresses not familiar with the account). */
  perAddress: number;
  /** Failures of an account within the window before unfamiliar addresses take turns. */
  accountFreeFailures: number;
  /** Gap between turns; doubles with every further `accountFreeFailures`, up to the maximum. */
  spacingMs: number;
  maxSpacingMs: number;
  /** How long a successful sign-in makes its address familiar with the account. */
  familiarMs: number;
  /** Entries kept per kind; the least recently written are forgotten first. */
  maxEntries: number;
}

export const LOGIN_LIMITS: LoginThrottleLimits = {
  windowMs: 15 * 60_000,
  perPair: 5,
  perAddress: 20,
  accountFreeFailures: 5,
  spacingMs: 1_000,
  maxSpacingMs: 8_000,
  familiarMs: 30 * 24 * 3_600_000,
  maxEntries: 50_000,
};

/**
 * The throttle's state keyed by attacker-chosen values (addresses, e-mail addresses), kept
 * bounded: at most `max` entries, the least recently written forgotten first (read with `peek`,
 * which leaves the order alone).
 */
type CappedMap<V extends object | number> = LRUCache<string, V>;
const cappedMap = <V extends object | number>(max: number): CappedMap<V> =>
  new LRUCache<string, V>({ max });

interface AccountState {
  /** Failure times within the window, oldest first (at most the number the spacing needs). */
  failures: number[];
  /** When the next unfamiliar address may have its turn. */
  nextTurn: number;
}

export function createLoginThrottle(
  limits: LoginThrottleLimits = LOGIN_LIMITS,
  now: () => number = Date.now,
): LoginThrottle {
  const pairs = cappedMap<number[]>(limits.maxEntries);
  const addresses = cappedMap<number[]>(limits.maxEntries);
  const accounts = cappedMap<AccountState>(limits.maxEntries);
  const familiar = cappedMap<number>(limits.maxEntries);
  /** Booked turns: when the pair may go ahead. */
  const turns = cappedMap<number>(limits.maxEntries);
  /** Until when a reported block lasts, per pair or address: a block is reported once. */
  const reported = cappedMap<number>(limits.maxEntries);
  const blockListeners: ((block: LoginBlock) => void)[] = [];
  const blocked = (key: string, block: LoginBlock, t: number): number => {
    if ((reported.peek(key) ?? -Infinity) <= t) {
      reported.set(key, t + block.seconds * 1000);
      for (const listener of blockListeners) listener(block);
    }
    return block.seconds;
  };
  // Past 4 × the free failures the spacing is at its maximum: older failures need not be kept.
  const keptAccountFailures = limits.accountFreeFailures * 4;

  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

  /** Drops failures that left the window; the list is oldest first. */
  const prune = (failures: number[], t: number) => {
    const stale = failures.findIndex((time) => time > t - limits.windowMs);
    failures.splice(0, stale === -1 ? failures.length : stale);
    return failures;
  };

  /** Milliseconds until the oldest of the last `limit` failures leaves the window, or 0. */
  const hardWait = (map: CappedMap<number[]>, key: string, limit: number, t: number) => {
    const failures = map.peek(key);
    if (!failures) return 0;
    if (prune(failures, t).length === 0) map.delete(key);
    const oldest = failures[failures.length - limit];
    return oldest === undefined ? 0 : oldest + limits.windowMs - t;
  };

  const push = (map: CappedMap<number[]>, key: string, t: number, keep: number) => {
    const failures = map.peek(key) ?? [];
    failures.push(t);
    if (failures.length > keep) failures.shift();
    map.set(key, failures);
  };

  const accountOf = (account: string, t: number): AccountState => {
    const state = accounts.peek(account) ?? { failures: [], nextTurn: 0 };
    prune(state.failures, t);
    return state;
  };

  /** The gap between unfamiliar addresses' turns on this account now, or 0 when not slowed. */
  const spacing = (state: AccountState) => {
    const beyond = state.failures.length - limits.accountFreeFailures;
    if (beyond < 0) return 0;
    const doublings = Math.floor(beyond / limits.accountFreeFailures);
    return Math.min(limits.maxSpacingMs, limits.spacingMs * 2 ** doublings);
  };

  const countFailure = (account: string, address: string, pair: string, t: number) => {
    push(pairs, pair, t, limits.perPair);
    push(addresses, address, t, limits.perAddress);
    const state = accountOf(account, t);
    state.failures.push(t);
    if (state.failures.length > keptAccountFailures) state.failures.shift();
    accounts.set(account, state);
  };

  const keys = (email: string, ip: string) => {
    const account = email.trim().toLowerCase();
    const address = addressKey(ip);
    return { account, address, pair: `${account}\n${address}` };
  };

  return {
    admit(email, ip) {
      const t = now();
      const { account, address, pair } = keys(email, ip);
      const pairWait = hardWait(pairs, pair, limits.perPair, t);
      if (pairWait > 0)
        return blocked(pair, { kind: 'account', account, address, seconds: seconds(pairWait) }, t);
      const isFamiliar = (familiar.peek(pair) ?? -Infinity) > t - limits.familiarMs;
      if (!isFamiliar) {
        const addressWait = hardWait(addresses, address, limits.perAddress, t);
        if (addressWait > 0)
          return blocked(address, { kind: 'address', address, seconds: seconds(addressWait) }, t);

        const booked = turns.peek(pair);
        if (booked !== undefined && booked > t - limits.windowMs) {
          if (booked > t) return seconds(booked - t);
          turns.delete(pair);
          return 0; // its failure was counted when the turn was booked
        }
        const state = accountOf(account, t);
        const gap = spacing(state);
        if (gap > 0) {
          const turn = Math.max(t, state.nextTurn);
          state.nextTurn = turn + gap;
          accounts.set(account, state);
          if (turn > t) {
            // Booking counts as an attempt, so an address can hold only as many as it may fail.
            turns.set(pair, turn);
            countFailure(account, address, pair, t);
            return seconds(turn - t);
          }
        }
      }
      countFailure(account, address, pair, t);
      return 0;
    },

    recordSuccess(email, ip) {
      const t = now();
      const { account, address, pair } = keys(email, ip);
      // The admitted attempt was counted as a failure; it was not one.
      pairs.delete(pair);
      addresses.peek(address)?.pop();
      accountOf(account, t).failures.pop();
      turns.delete(pair);
      familiar.set(pair, t);
    },

    size: () => pairs.size + addresses.size + accounts.size + familiar.size + turns.size,

    onBlockStart(listener) {
      blockListeners.push(listener);
    },
  };
}
