// The looks of the kit's controls, in one place so every form matches.

/** Text inputs and selects: 44 px tall for gloved fingers in a cab; a ring shows focus. */
export const controlClass =
  'block h-11 w-full rounded-lg border-0 bg-white px-3 text-base text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-500 focus:outline-hidden data-focus:ring-2 data-focus:ring-brand-600 data-invalid:ring-2 data-invalid:ring-rose-500 data-disabled:cursor-not-allowed data-disabled:bg-slate-50 data-disabled:text-slate-600 sm:text-sm';

/** A read-only input looks fixed. (Not on selects: CSS counts every select as read-only.) */
export const readOnlyClass = 'read-only:bg-slate-50 read-only:text-slate-700';

export const textAreaClass =
  'block w-full rounded-lg border-0 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-500 focus:outline-hidden data-disabled:cursor-not-allowed data-disabled:bg-slate-50 data-disabled:text-slate-600 data-focus:ring-2 data-focus:ring-brand-600 data-invalid:ring-2 data-invalid:ring-rose-500 sm:text-sm';

// Headless UI sets data-focus on keyboard focus only, so the outline is the focus ring.
const keyboardFocus =
  'data-focus:outline-2 data-focus:outline-offset-2 data-focus:outline-brand-600';

/** A 24 px box (inside a 44 px row) with a tick when checked. */
export const checkboxClass = `group grid size-6 shrink-0 cursor-pointer place-items-center rounded-md bg-white ring-1 ring-slate-500 ring-inset data-checked:bg-brand-700 data-checked:ring-brand-700 data-disabled:cursor-not-allowed data-disabled:opacity-50 ${keyboardFocus}`;

export const switchClass = `group relative inline-flex h-7 w-12 shrink-0 cursor-pointer rounded-full bg-slate-500 transition-colors data-checked:bg-brand-700 data-disabled:cursor-not-allowed data-disabled:opacity-50 ${keyboardFocus}`;
