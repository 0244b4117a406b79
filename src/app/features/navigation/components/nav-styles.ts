import { focusRing, focusRingInset } from '@app/components/ui/focus';

// Shared by links and dropdown buttons so the top bar reads as one row of equal entries; 40 px
// high for the mouse (the bar is for lg and up; phones and tablets get the drawer).
export const topEntryClass = `inline-flex h-10 items-center gap-1 whitespace-nowrap rounded-md px-2 text-sm font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 xl:px-2.5 ${focusRing}`;

export const activeEntryClass = 'bg-brand-50 text-brand-800 hover:bg-brand-50 hover:text-brand-800';

/** A row of the phone and tablet drawer: 44 px high, full width. */
export const drawerEntryClass = `flex min-h-11 items-center gap-2 rounded-lg px-3 text-base text-slate-700 hover:bg-slate-100 ${focusRingInset}`;

export const activeDrawerEntryClass = 'bg-brand-50 font-semibold text-brand-800 hover:bg-brand-50';
