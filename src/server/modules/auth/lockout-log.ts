import type { FastifyBaseLogger } from 'fastify';
import type { LoginBlock, LoginThrottle } from '@server/auth/login-throttle';
import type { Db } from '@server/db/client';
import { writeOperatorLog } from '@server/operator-log/write';

const duration = (seconds: number) =>
  seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;

/** The operator-log text of a sign-in lock-out: who and from where, never a password. */
export function lockoutMessage(block: LoginBlock): string {
  const who =
    block.kind === 'account'
      ? `account ${block.account ?? '?'} from address ${block.address}`
      : `address ${block.address} (many accounts)`;
  return `Sign-in blocked for ${duration(block.seconds)} for ${who}: too many failed attempts`;
}

/**
 * One Warning entry when the throttle starts blocking a pair or an address. Written on its own
 * (the refused sign-in changes nothing else); a failure to write never fails the sign-in answer.
 */
export function logLockouts(throttle: LoginThrottle, db: Db, log: FastifyBaseLogger): void {
  throttle.onBlockStart((block) => {
    writeOperatorLog(db, { level: 'Warning', message: lockoutMessage(block) }).catch(
      (error: unknown) => {
        log.warn({ err: error }, 'sign-in lock-out could not be logged');
      },
    );
  });
}
