import type { ReactNode } from 'react';

const tones = {
  brand: 'bg-brand-50 text-brand-800 ring-brand-200',
  slate: 'bg-slate-100 text-slate-700 ring-slate-200',
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  amber: 'bg-amber-50 text-amber-800 ring-amber-200',
  red: 'bg-red-50 text-red-800 ring-red-200',
} as const;

const sizes = {
  md: 'px-2 py-0.5 text-xs',
  /** For a narrow cell where the badge shares its line: 11 px, less padding. */
  sm: 'px-1.5 py-0.5 text-[11px]/4',
} as const;

export function Badge({
  tone = 'slate',
  size = 'md',
  children,
}: {
  tone?: keyof typeof tones;
  size?: keyof typeof sizes;
  children: ReactNode;
}) {
  return (
    <span
      className={`inline-flex items-center rounded-full font-medium ring-1 ring-inset ${sizes[size]} ${tones[tone]}`}
    >
      {children}
    </span>
  );
}
