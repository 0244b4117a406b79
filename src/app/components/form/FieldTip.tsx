import { Description } from '@headlessui/react';
import { useEffect, useId, useRef, useState } from 'react';
import { focusRing } from '@app/components/ui/focus';
import { InfoIcon } from '@app/components/ui/icons';

/** Spec 02 §9: tooltips show after 250 ms and hide 400 ms after the pointer leaves. */
export const TIP_SHOW_MS = 250;
export const TIP_HIDE_MS = 400;

/**
 * An 'i' button beside a field's label with the field's advice. Hover shows it after a pause,
 * keyboard focus and a tap show it at once, Escape hides it. The text is also a description of
 * the field's control, so a screen reader reads it without opening the bubble.
 */
export function FieldTip({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const id = useId();
  const later = (next: boolean, ms: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setOpen(next);
    }, ms);
  };
  const now = (next: boolean) => {
    clearTimeout(timer.current);
    setOpen(next);
  };
  useEffect(
    () => () => {
      clearTimeout(timer.current);
    },
    [],
  );

  return (
    <span className="relative inline-flex">
      <button
        type="button"
        // Not named after the field: its label must stay the field's alone (getByLabel).
        aria-label="More information"
        aria-expanded={open}
        aria-controls={id}
        onPointerEnter={() => {
          later(true, TIP_SHOW_MS);
        }}
        onPointerLeave={() => {
          later(false, TIP_HIDE_MS);
        }}
        onFocus={() => {
          now(true);
        }}
        onBlur={() => {
          now(false);
        }}
        onClick={() => {
          now(!open);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) {
            // Closes the bubble, not the dialog around the form.
            event.stopPropagation();
            now(false);
          }
        }}
        // 44 px to touch, a 20 px icon to see.
        className={`-my-3 -mr-3 grid size-11 place-items-center rounded-full text-slate-600 hover:text-brand-700 focus-visible:text-brand-700 ${focusRing}`}
      >
        <InfoIcon className="size-5" />
      </button>
      <span
        id={id}
        role="tooltip"
        hidden={!open}
        className="absolute top-full left-0 z-20 mt-1 w-64 max-w-[70vw] rounded-lg bg-slate-900 px-3 py-2 text-sm font-normal text-white shadow-lg"
      >
        {text}
      </span>
      <Description className="sr-only">{text}</Description>
    </span>
  );
}
