import { CheckIcon } from '@app/components/ui/icons';
import {
  WIZARD_PAGES,
  type WizardPageIndex,
} from '@app/features/settings-profiles/model/wizard-pages';

/** The three pages, the current one marked (aria-current="step"), the ones done ticked. */
export function WizardSteps({ page }: { page: WizardPageIndex }) {
  return (
    <ol aria-label="Steps" className="mb-6 grid grid-cols-3 gap-2">
      {WIZARD_PAGES.map((step, index) => {
        const state = index < page ? 'done' : index === page ? 'current' : 'next';
        return (
          <li
            key={step.title}
            aria-current={state === 'current' ? 'step' : undefined}
            className={`flex min-w-0 items-center gap-2 border-t-4 pt-2 text-sm ${
              state === 'next'
                ? 'border-slate-200 text-slate-600'
                : 'border-brand-700 text-slate-900'
            }`}
          >
            <span
              className={`grid size-6 shrink-0 place-items-center rounded-full text-xs font-semibold ${
                state === 'next' ? 'bg-slate-200 text-slate-700' : 'bg-brand-700 text-white'
              }`}
            >
              {state === 'done' ? <CheckIcon className="size-3.5 stroke-[3]" /> : index + 1}
            </span>
            <span className={`truncate ${state === 'current' ? 'font-semibold' : ''}`}>
              {step.title}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
