// Shared by links and dropdown buttons so the top bar reads as one row of equal entries.
// Tighter between lg and xl, where an admin's eleven entries must still fit on one row.
export const topEntryClass =
  'inline-flex items-center gap-0.5 xl:gap-1 whitespace-nowrap rounded-md px-1.5 py-2 text-[13px] xl:px-2.5 xl:text-sm font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:outline-2 focus-visible:outline-brand-600';

export const activeEntryClass = 'bg-brand-50 text-brand-800 hover:bg-brand-50 hover:text-brand-800';
