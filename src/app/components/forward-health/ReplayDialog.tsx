import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import * as v from 'valibot';
import {
  replayQuestion,
  ReplayWindowSchema,
  type ReplayWindow,
} from '@shared/forwards/forward-health';
import { FormDialog, formValues, useAppForm } from '@app/components/form';
import { focusRing } from '@app/components/ui/focus';
import { replayCountQueryOptions, replayMutationOptions } from './replay-api';
import { browserTimeZone, lastHour } from './replay-window';

export interface ReplayTarget {
  Id: number;
  Name: string;
}

export const nothingToReplay = (name: string) =>
  `The window holds no messages of ${name}: there is nothing to send again.`;

interface Counted {
  window: ReplayWindow;
  messages: number;
}

/**
 * Replay: a window of receive times (From inclusive, To exclusive; the last hour to start with),
 * checked by the route's own schema, then how many messages it holds (asked of the server) to
 * confirm. The window stays on screen, fixed, while the count is confirmed; 'Change window'
 * goes back. A 400 from either call puts its messages under the fields. Mount it per opening.
 */
export function ReplayDialog({ forward, onClose }: { forward: ReplayTarget; onClose: () => void }) {
  const client = useQueryClient();
  const replay = useMutation(replayMutationOptions());
  const [counted, setCounted] = useState<Counted | null>(null);
  const form = useAppForm({
    defaultValues: formValues(ReplayWindowSchema, lastHour()),
    validators: { onChange: ReplayWindowSchema },
    onSubmit: async ({ value }) => {
      if (!counted) {
        const window = v.parse(ReplayWindowSchema, value);
        const messages = await client.query(replayCountQueryOptions(forward.Id, window));
        setCounted({ window, messages });
        return;
      }
      try {
        await replay.mutateAsync({ id: forward.Id, name: forward.Name, window: counted.window });
      } catch (error) {
        // Back to the fields, where the answer's messages land.
        setCounted(null);
        throw error;
      }
      onClose();
    },
  });
  const fixed = counted !== null;

  return (
    <FormDialog
      form={form}
      title={`Replay ${forward.Name}`}
      onClose={onClose}
      submitLabel={fixed ? 'Confirm' : 'Next'}
      busyLabel={fixed ? 'Starting…' : 'Counting…'}
      saveDisabled={counted?.messages === 0}
    >
      <p className="mb-4 text-sm text-slate-700">
        The forward's messages received from From up to To are sent to it again, marked as replayed.
        Times are in your time zone ({browserTimeZone()}).
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <form.AppField name="From">
          {(field) => <field.DateTime label="From" autoFocus readOnly={fixed} />}
        </form.AppField>
        <form.AppField name="To">
          {(field) => <field.DateTime label="To" readOnly={fixed} />}
        </form.AppField>
      </div>
      {/* Always present, so the count is announced when it arrives. */}
      <div aria-live="polite" className="empty:hidden">
        {counted && (
          <div className="mt-4 rounded-lg bg-brand-50 p-3 text-sm text-slate-900 ring-1 ring-brand-200 ring-inset">
            <p className="font-medium">
              {counted.messages === 0
                ? nothingToReplay(forward.Name)
                : replayQuestion(counted.messages, forward.Name)}
            </p>
            <button
              type="button"
              disabled={replay.isPending}
              onClick={() => {
                setCounted(null);
              }}
              className={`-ml-2 mt-1 inline-flex min-h-11 items-center rounded-lg px-2 font-semibold text-brand-700 hover:bg-brand-100 disabled:text-slate-500 ${focusRing}`}
            >
              Change window
            </button>
          </div>
        )}
      </div>
    </FormDialog>
  );
}
