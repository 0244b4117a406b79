import type { TachoKind, ValidStateClass } from '@shared/tacho/tacho';
import type { TachoRequestState } from '@shared/tacho/tacho-lists';
import {
  daysLeftView,
  requestProgressView,
  validStateView,
} from '@app/features/tacho/model/tacho-display';
import {
  CheckCircleIcon,
  InterimNotOkIcon,
  InterimOkIcon,
  QuestionCircleIcon,
  XCircleIcon,
} from './tacho-icons';

const STATE_ICONS = {
  ok: { icon: CheckCircleIcon, tone: 'text-emerald-700' },
  notOk: { icon: XCircleIcon, tone: 'text-rose-700' },
  interimOk: { icon: InterimOkIcon, tone: 'text-emerald-700' },
  interimNotOk: { icon: InterimNotOkIcon, tone: 'text-amber-700' },
  unknown: { icon: QuestionCircleIcon, tone: 'text-slate-500' },
} as const satisfies Record<ValidStateClass, unknown>;

/** ValidState of a download (spec 03 §4): an icon with its meaning as name and tooltip. */
export function ValidStateIcon({ state }: { state: number }) {
  const view = validStateView(state);
  const { icon: Icon, tone } = STATE_ICONS[view.kind];
  return (
    <span
      role="img"
      aria-label={view.label}
      title={view.label}
      data-valid-state={view.kind}
      className={`inline-flex ${tone}`}
    >
      <Icon className="size-5" />
    </span>
  );
}

/** Days left (spec 03 §4): negative in red, 'Unknown' for the unknown period. */
export function DaysLeft({
  kind,
  periodTo,
  now,
}: {
  kind: TachoKind;
  periodTo: string;
  now: number;
}) {
  const view = daysLeftView(kind, periodTo, now);
  return (
    <span
      data-overdue={view.overdue || undefined}
      title={view.title}
      className={
        view.overdue
          ? 'font-semibold text-rose-700 tabular-nums'
          : view.days === null
            ? 'text-slate-600'
            : 'tabular-nums'
      }
    >
      {view.text}
    </span>
  );
}

const STEP_TONES = ['bg-amber-500', 'bg-brand-600', 'bg-emerald-600'] as const;

/** The row's remote download request: requested → sent → file received, with its time. */
export function RequestProgress({ request }: { request: TachoRequestState | null }) {
  if (!request) return <span className="text-slate-500">–</span>;
  const view = requestProgressView(request);
  return (
    <span
      title={view.title}
      data-progress={request.Progress}
      className="inline-flex min-w-0 items-center gap-1.5"
    >
      <span aria-hidden="true" className="inline-flex shrink-0 gap-0.5">
        {STEP_TONES.map((tone, i) => (
          <span
            key={tone}
            className={`h-1.5 w-2.5 rounded-full ${i <= view.step ? STEP_TONES[view.step] : 'bg-slate-200'}`}
          />
        ))}
      </span>
      <span className="min-w-0 truncate">
        <span className="font-medium">{view.label}</span>
        {/* The table's column has room for the step; its time is in the tooltip there. */}
        <span className="text-slate-600 tabular-nums in-[td]:hidden"> · {view.time}</span>
      </span>
    </span>
  );
}
