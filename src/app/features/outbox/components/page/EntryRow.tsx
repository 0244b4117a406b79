import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@app/components/ui/Button';
import { ConfirmDialog } from '@app/components/ui/ConfirmDialog';
import { dayjs } from '@app/lib/dayjs';
import { discardEntry, keepMine, retryEntry } from '@app/features/outbox/actions';
import type { OutboxEntry } from '@app/features/outbox/model/entries';
import { StatusBadge, type ShownStatus } from '@app/features/outbox/components/StatusBadge';
import { ConflictTable } from './ConflictTable';

export const DISCARD_CONFIRM = 'This change will not be sent. Discard it?';

// The api client keeps the server's message for 400 answers only; other refusals say what
// their status means.
const STATUS_TEXT: Record<number, string> = {
  403: 'not allowed for your account',
  404: 'what it changes no longer exists on the server',
  409: 'it clashes with the current state on the server',
  422: 'its id was already used for a different change',
};

function FailureText({ entry }: { entry: OutboxEntry }) {
  if (entry.failure?.kind !== 'rejected') return null;
  const { status, message } = entry.failure;
  const reason = (status !== null && status !== 400 ? STATUS_TEXT[status] : undefined) ?? message;
  return (
    <p className="mt-1 text-sm text-red-700">
      The server refused it{status ? ` (${status})` : ''}: {reason}
    </p>
  );
}

/** One change: what, when, its state, and what the installer can do about it. */
export function EntryRow({ entry, status }: { entry: OutboxEntry; status: ShownStatus }) {
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const retrying = entry.status === 'queued' && entry.attempts > 0;

  return (
    <li className="py-3" data-entry={entry.id}>
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-slate-900">{entry.title}</p>
          <p className="font-mono text-[13px] break-all text-slate-700">{entry.detail}</p>
          <p className="mt-0.5 text-xs text-slate-500">
            Made {dayjs(entry.createdAt).format('DD-MM-YYYY HH:mm:ss')}
            {retrying && ` · ${entry.attempts} attempt(s), waiting for the connection`}
          </p>
        </div>
        <StatusBadge status={status} />
      </div>
      <FailureText entry={entry} />
      {entry.failure?.kind === 'conflict' && <ConflictTable conflicts={entry.failure.conflicts} />}
      <div className="mt-2 flex flex-wrap gap-2 empty:hidden">
        {entry.status === 'conflict' && (
          <>
            <Button
              onClick={() => {
                keepMine(client, entry);
              }}
            >
              Keep mine
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                discardEntry(client, entry);
              }}
            >
              Take theirs
            </Button>
          </>
        )}
        {entry.status === 'failed' && (
          <Button
            onClick={() => {
              retryEntry(client, entry);
            }}
          >
            Retry
          </Button>
        )}
        {(entry.status === 'failed' || entry.status === 'queued') && (
          <Button
            variant="secondary"
            onClick={() => {
              setConfirming(true);
            }}
          >
            Discard
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        message={DISCARD_CONFIRM}
        onCancel={() => {
          setConfirming(false);
        }}
        onConfirm={() => {
          setConfirming(false);
          discardEntry(client, entry);
        }}
      />
    </li>
  );
}
