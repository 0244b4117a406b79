import type { HeldForward } from './delivery';
import type { EngineState } from './engine-state';
import { wake } from './schedule';

const receiverOf = (forward: HeldForward) =>
  `${forward.config.target.host}:${String(forward.config.target.port)}`;

/**
 * Starts a forward's send and lets the pass go on without it, so a slow or dead receiver delays
 * only its own forward. When it ends, the next pass is woken.
 */
export function startSend(state: EngineState, forward: HeldForward, work: Promise<unknown>) {
  const startedAt = Date.now();
  const done = work
    .then(() => undefined)
    .catch((error: unknown) => {
      state.log.error({ err: error, forwardId: forward.id }, 'forward delivery failed');
      forward.nextAttemptAt = Date.now() + state.delivery.retryDelay(Math.max(1, forward.attempts));
    })
    .finally(() => {
      state.sending.delete(forward.id);
      // Failed while another forward found the same receiver back: no backoff for this one.
      if (forward.attempts > 0 && (state.recoveredAt.get(receiverOf(forward)) ?? 0) > startedAt)
        forward.nextAttemptAt = 0;
      // Behind (catching up): the next read at once; at the front, with the next poll.
      wake(state, !forward.caughtUp && forward.nextAttemptAt <= Date.now());
    });
  state.sending.set(forward.id, done);
}

/** A forward delivers again after failures: the others waiting on its receiver try now. */
export function receiverRecovered(state: EngineState, forward: HeldForward) {
  const receiver = receiverOf(forward);
  state.recoveredAt.set(receiver, Date.now());
  for (const other of state.held.values())
    if (other.attempts > 0 && receiverOf(other) === receiver) other.nextAttemptAt = 0;
  wake(state, true);
}

/** Resolves once no pass runs and no send is on its way. */
export async function sendsFinished(state: EngineState): Promise<void> {
  while (state.passing ?? state.sending.size > 0) {
    await state.passing;
    await Promise.all(state.sending.values());
  }
}
