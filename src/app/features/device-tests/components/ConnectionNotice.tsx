import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Button } from '@app/components/ui/Button';
import {
  problemText,
  type ConnectionProblem,
  type Network,
} from '@app/features/device-tests/model/connection-problem';
import type { ConnectionState } from '@app/features/device-tests/model/live-test';

interface ConnectionNoticeProps {
  state: ConnectionState;
  problem: ConnectionProblem | null;
  /** Whether the server answers, as far as the app knows. */
  online: boolean;
  /** A new run from scratch. */
  onStart: () => void;
  /** The same run again (nothing restarts). */
  onReconnect: () => void;
}

const setUpClass =
  'inline-flex h-11 items-center rounded-lg bg-white px-4 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50 sm:h-10';

/**
 * Why the page is not live, in plain words, and what the installer can do about it. A polite
 * status, not an alert: a dropped connection in a vehicle is routine, not an emergency.
 */
export function ConnectionNotice({
  state,
  problem,
  online,
  onStart,
  onReconnect,
}: ConnectionNoticeProps) {
  // navigator.onLine knows only the network interface; `online` whether the server answers.
  const network: Network = !navigator.onLine ? 'offline' : online ? 'online' : 'unreachable';
  if (state !== 'finished' && network !== 'online') {
    const { title, body } = problemText({ kind: 'dropped' }, network);
    return <Notice tone="amber" title={title} body={body} />;
  }
  if (state === 'reconnecting') {
    return (
      <Notice
        tone="amber"
        title="Reconnecting…"
        body="The connection dropped for a moment. The test keeps its progress meanwhile."
      />
    );
  }
  if (state !== 'disconnected' || !problem) return null;
  const { title, body, action } = problemText(problem, network);
  return (
    <Notice tone={problem.kind === 'dropped' ? 'amber' : 'slate'} title={title} body={body}>
      {action !== 'none' && (
        <div className="mt-3 flex flex-wrap gap-2">
          {action === 'start' && (
            <Button variant="primary" onClick={onStart}>
              Start the test
            </Button>
          )}
          {action === 'reconnect' && (
            <Button variant="primary" onClick={onReconnect}>
              Reconnect
            </Button>
          )}
          <Link to="/devicetest" className={setUpClass}>
            Set up a test
          </Link>
        </div>
      )}
    </Notice>
  );
}

const TONES = {
  amber: 'bg-amber-50 text-amber-900 ring-amber-200',
  slate: 'bg-slate-50 text-slate-800 ring-slate-200',
} as const;

function Notice({
  tone,
  title,
  body,
  children,
}: {
  tone: keyof typeof TONES;
  title: string;
  body: string;
  children?: ReactNode;
}) {
  return (
    <div role="status" className={`mb-4 rounded-lg px-4 py-3 ring-1 ring-inset ${TONES[tone]}`}>
      <p className="font-semibold">{title}</p>
      <p className="text-sm">{body}</p>
      {children}
    </div>
  );
}
