import { claimCursors, heldCursors, type ClaimedCursor } from './cursors';
import { flushProgress, type HeldForward } from './delivery';
import type { EngineState } from './engine-state';
import type { ForwardConfig } from './forward-configs';
import { loadForwardConfigs } from './forward-configs';
import { loadOpenReplays, type OpenReplay } from './replays';

/**
 * Claims free and expired leases and renews this instance's, then brings the held forwards in
 * line: new ones taken on at their stored position, removed or lost ones let go, changed ones
 * given a new sender, replays a user started since the last look added.
 */
export async function claimForwards(state: EngineState): Promise<void> {
  const { db, owner, held } = state;
  await claimCursors(db, owner, state.leaseMs);
  const cursors = await heldCursors(db, owner);
  const ids = cursors.map((c) => c.forwardId);
  const known = new Map([...held].map(([id, f]) => [id, f.config]));
  const configs = await loadForwardConfigs(db, ids, state.secrets, known);
  const replays = await loadOpenReplays(db, ids);
  for (const id of [...held.keys()]) if (!configs.has(id)) dropForward(state, id);
  for (const [id, config] of configs) {
    const cursor = cursors.find((c) => c.forwardId === id);
    const forward = await updated(state, held.get(id), config, cursor);
    if (forward) addReplays(forward, replays.get(id) ?? []);
  }
}

/** The held forward with its config now, or a new one taken on at the cursor. */
async function updated(
  state: EngineState,
  forward: HeldForward | undefined,
  config: ForwardConfig,
  cursor: ClaimedCursor | undefined,
): Promise<HeldForward | undefined> {
  if (!forward) return cursor ? takeOn(state, config, cursor) : undefined;
  if (forward.config.fingerprint !== config.fingerprint) {
    await forward.sender.close().catch(() => undefined);
    forward.sender = state.senders(config.target, state.connector);
  }
  forward.config = config;
  return forward;
}

function takeOn(state: EngineState, config: ForwardConfig, cursor: ClaimedCursor): HeldForward {
  const forward: HeldForward = {
    id: cursor.forwardId,
    config,
    sender: state.senders(config.target, state.connector),
    position: cursor.position,
    unwritten: null,
    writtenAt: Date.now(),
    caughtUp: false,
    attempts: cursor.attempts,
    nextAttemptAt: cursor.nextAttemptAt?.getTime() ?? 0,
    replays: [],
  };
  state.held.set(forward.id, forward);
  return forward;
}

function addReplays(forward: HeldForward, open: readonly OpenReplay[]) {
  const known = new Set(forward.replays.map((r) => r.id));
  forward.replays.push(...open.filter((r) => !known.has(r.id)));
}

/** Lets a forward go: its sender closes in the background. */
export function dropForward(state: EngineState, id: number) {
  const forward = state.held.get(id);
  state.held.delete(id);
  if (forward) void forward.sender.close().catch(() => undefined);
}

/** Writes the held forwards' progress; those whose lease turned out lost are let go. */
export async function writeProgress(state: EngineState): Promise<void> {
  for (const id of await flushProgress(state.delivery, state.held.values())) dropForward(state, id);
}
