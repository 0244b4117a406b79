import type { ComponentType, SVGProps } from 'react';
import { TEST_ITEM_STATE, type TestItemState } from '@shared/devices/device-tests';
import { ClockIcon } from '@app/components/ui/icons';
import { CheckCircleIcon, QuestionCircleIcon, XCircleIcon } from './state-icons';

interface StateLook {
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Text and icon colour. */
  text: string;
  /** Card ring and background. */
  card: string;
}

/** Colour, icon and word for each state, so no state relies on colour alone. */
export const ITEM_STATE_LOOK: Record<TestItemState, StateLook> = {
  [TEST_ITEM_STATE.ok]: {
    label: 'OK',
    icon: CheckCircleIcon,
    text: 'text-emerald-700',
    card: 'ring-emerald-200 bg-emerald-50/50',
  },
  [TEST_ITEM_STATE.pending]: {
    label: 'Pending',
    icon: ClockIcon,
    text: 'text-slate-600',
    card: 'ring-slate-200 bg-white',
  },
  [TEST_ITEM_STATE.failed]: {
    label: 'Failed',
    icon: XCircleIcon,
    text: 'text-rose-700',
    card: 'ring-rose-200 bg-rose-50/50',
  },
  [TEST_ITEM_STATE.awaitingConfirmation]: {
    label: 'Awaiting confirmation',
    icon: QuestionCircleIcon,
    text: 'text-amber-700',
    card: 'ring-2 ring-amber-300 bg-amber-50/60',
  },
};

/** A valid flag of a stored result: the same look as an ok or failed item. */
export function ValidFlag({ valid }: { valid: boolean }) {
  const look = ITEM_STATE_LOOK[valid ? TEST_ITEM_STATE.ok : TEST_ITEM_STATE.failed];
  const Icon = look.icon;
  return (
    <span className={`inline-flex items-center gap-1 font-medium ${look.text}`}>
      <Icon className="size-4 shrink-0" />
      {valid ? 'ok' : 'not ok'}
    </span>
  );
}

/** The overall result, 'TEST OK' or 'FAILED'. */
export function ResultBadge({ result }: { result: string }) {
  const ok = result === 'TEST OK';
  const Icon = ok ? CheckCircleIcon : XCircleIcon;
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${
        ok
          ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
          : 'bg-rose-50 text-rose-800 ring-rose-200'
      }`}
    >
      <Icon className="size-3.5" />
      {result}
    </span>
  );
}
