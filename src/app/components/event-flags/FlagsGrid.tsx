import { Checkbox } from '@headlessui/react';
import {
  CHAPTERS,
  EVENT_FLAG_LABELS,
  EVENT_FLAG_NAMES,
  withChapter,
  type EventFlagName,
  type FlagValues,
} from '@shared/devices/event-flags';

interface FlagsGridProps {
  values: FlagValues;
  /** The values before this edit: rows that differ are marked, with the old mask. */
  previous?: FlagValues;
  onChange: (flag: EventFlagName, value: number) => void;
}

/**
 * The checkbox grid of a message's event flags (spec 01 §3): one row per flag, one column per
 * chapter bit; a checked box puts that chapter in the messages the event sends. Scrolls
 * sideways on phones, the flag column stays.
 */
export function FlagsGrid({ values, previous, onChange }: FlagsGridProps) {
  return (
    <div className="-mx-5 overflow-x-auto px-5">
      <table className="border-separate border-spacing-0 text-sm">
        <thead>
          <tr>
            <th scope="col" className="sticky left-0 z-10 bg-white pr-3 text-left align-bottom">
              <span className="text-xs font-semibold text-slate-600 uppercase">Event</span>
            </th>
            {CHAPTERS.map((chapter) => (
              <th key={chapter.name} scope="col" className="px-0.5 pb-2 align-bottom">
                <span
                  title={`Bit ${chapter.bit}`}
                  className="mx-auto block rotate-180 text-xs font-semibold text-slate-600 [writing-mode:vertical-rl]"
                >
                  {chapter.name}
                </span>
              </th>
            ))}
            <th scope="col" className="pl-3 text-right align-bottom">
              <span className="text-xs font-semibold text-slate-600 uppercase">Mask</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {EVENT_FLAG_NAMES.map((flag) => {
            const changed = previous !== undefined && previous[flag] !== values[flag];
            return (
              <tr
                key={flag}
                data-changed={changed || undefined}
                className="bg-white odd:bg-slate-50 data-changed:bg-amber-50"
              >
                <th
                  scope="row"
                  className="sticky left-0 z-10 bg-inherit py-1 pr-3 text-left font-medium whitespace-nowrap text-slate-800"
                >
                  <span className="block bg-inherit">{flag}</span>
                  <span className="block text-xs font-normal text-slate-600">
                    {EVENT_FLAG_LABELS[flag]}
                  </span>
                </th>
                {CHAPTERS.map((chapter) => (
                  <td key={chapter.name} className="p-0 text-center">
                    <FlagCheckbox
                      label={`${flag} ${chapter.name}`}
                      checked={(values[flag] & chapter.bit) !== 0}
                      onChange={(on) => {
                        onChange(flag, withChapter(values[flag], chapter.bit, on));
                      }}
                    />
                  </td>
                ))}
                <td className="pl-3 text-right font-mono text-xs whitespace-nowrap text-slate-700 tabular-nums">
                  {values[flag]}
                  {changed && <span className="block text-amber-900">was {previous[flag]}</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** A 44 px target around a 20 px box (36 px where the pointer is a mouse, to fit the dialog). */
function FlagCheckbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <Checkbox
      aria-label={label}
      checked={checked}
      onChange={onChange}
      className="group inline-grid size-11 cursor-pointer place-items-center focus:outline-none pointer-fine:size-9"
    >
      <span className="grid size-5 place-items-center rounded border border-slate-500 bg-white group-data-checked:border-brand-700 group-data-checked:bg-brand-700 group-data-focus:outline-2 group-data-focus:outline-offset-2 group-data-focus:outline-brand-600">
        <svg
          viewBox="0 0 14 14"
          className="size-3.5 text-white opacity-0 group-data-checked:opacity-100"
          aria-hidden="true"
        >
          <path d="M3 7.5l2.5 2.5L11 4" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </span>
    </Checkbox>
  );
}
