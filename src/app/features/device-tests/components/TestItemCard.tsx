import { useState } from 'react';
import { TEST_ITEM_STATE, type TestItem } from '@shared/devices/device-tests';
import { isOutputItem } from '@shared/devices/test-items';
import { Button } from '@app/components/ui/Button';
import { ITEM_STATE_LOOK } from './item-state';

interface TestItemCardProps {
  item: TestItem;
  /** Sends the user's judgement of an item awaiting confirmation. */
  onConfirm: (item: TestItem, correct: boolean) => Promise<void>;
  /** No confirmations without a run of the test on this phone. */
  canConfirm: boolean;
  /** Switches an output item's output (a modem request the device executes). */
  onSwitch: (item: TestItem, on: boolean) => Promise<void>;
}

/** An output item's switch: to the other state than the value shows (ON/OFF first). */
const switchTarget = (item: TestItem): boolean | null =>
  !isOutputItem(item.key) ||
  item.state === TEST_ITEM_STATE.ok ||
  item.state === TEST_ITEM_STATE.failed
    ? null
    : !item.value.startsWith('ON');

/** One check of the test: its state by colour, icon and word; Correct/Incorrect in state 4. */
export function TestItemCard({ item, onConfirm, canConfirm, onSwitch }: TestItemCardProps) {
  const look = ITEM_STATE_LOOK[item.state];
  const Icon = look.icon;
  /** What is on its way: a verdict (correct or not) or the output's switch. */
  const [sending, setSending] = useState<'correct' | 'incorrect' | 'switch' | null>(null);
  const awaiting = item.state === TEST_ITEM_STATE.awaitingConfirmation;
  const target = switchTarget(item);

  const send = (what: NonNullable<typeof sending>, call: () => Promise<void>) => {
    setSending(what);
    call()
      .catch((error: unknown) => {
        console.error(
          `The ${what === 'switch' ? 'switch' : 'confirmation'} could not be sent`,
          error,
        );
      })
      .finally(() => {
        setSending(null);
      });
  };
  const confirm = (correct: boolean) => {
    send(correct ? 'correct' : 'incorrect', () => onConfirm(item, correct));
  };

  return (
    <article
      aria-label={item.title}
      data-state={item.state}
      className={`flex flex-col rounded-xl p-4 shadow-sm ring-1 ${look.card}`}
    >
      <header className="flex items-start justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">{item.title}</h3>
        <span
          className={`inline-flex shrink-0 items-center gap-1 text-xs font-semibold ${look.text}`}
        >
          <Icon className="size-5" />
          {look.label}
        </span>
      </header>
      <p className="mt-1 text-sm text-slate-600">{item.desc}</p>
      <p className="mt-3 font-mono text-sm break-all text-slate-900">{item.value || '–'}</p>
      {target !== null && (
        <Button
          variant="secondary"
          size="lg"
          className="mt-4 sm:h-10 sm:text-sm"
          disabled={!canConfirm || sending !== null}
          loading={sending === 'switch'}
          onClick={() => {
            send('switch', () => onSwitch(item, target));
          }}
        >
          {target ? 'Switch ON' : 'Switch OFF'}
        </Button>
      )}
      {awaiting && (
        <div className="mt-4 grid grid-cols-2 gap-2">
          <Button
            size="lg"
            className="sm:h-10 sm:text-sm"
            disabled={!canConfirm || sending !== null}
            loading={sending === 'correct'}
            onClick={() => {
              confirm(true);
            }}
          >
            Correct
          </Button>
          <Button
            variant="secondary"
            size="lg"
            className="sm:h-10 sm:text-sm"
            disabled={!canConfirm || sending !== null}
            loading={sending === 'incorrect'}
            onClick={() => {
              confirm(false);
            }}
          >
            Incorrect
          </Button>
        </div>
      )}
    </article>
  );
}
