import type { EngineState } from './engine-state';
import { writeProgress } from './held-forwards';
import { deliveryPass } from './pass';

/**
 * One pass: the progress of finished sends written, then a read of the queue for the held
 * forwards that may send, each sending its share (pass.ts). One pass at a time: asked for during
 * a pass, another follows it. Answers whether a read hit its limit (more is waiting).
 */
export function runPass(state: EngineState): Promise<boolean> {
  if (state.passing) {
    state.passAgain = true;
    return state.passing;
  }
  if (state.passTimer) clearTimeout(state.passTimer);
  state.passTimer = null;
  state.lastPassAt = Date.now();
  const pass = writeProgress(state)
    .then(() => deliveryPass(state.delivery, state.held.values()))
    .catch((error: unknown) => {
      state.log.error({ err: error }, 'forwarding pass failed');
      return false;
    });
  state.passing = pass;
  void pass.then((more) => {
    state.passing = null;
    if (more || state.passAgain) {
      state.passAgain = false;
      wake(state, more);
    }
  });
  return pass;
}

/** Schedules the next pass: right away when more is waiting, else `pollMs` after the last began. */
export function wake(state: EngineState, now = false) {
  if (state.closed) return;
  if (state.passing) {
    state.passAgain = true;
    return;
  }
  if (state.passTimer && !now) return;
  if (state.passTimer) clearTimeout(state.passTimer);
  const delay = now ? 0 : Math.max(0, state.lastPassAt + state.pollMs - Date.now());
  state.passTimer = setTimeout(() => void runPass(state), delay);
}
