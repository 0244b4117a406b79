import type { ReactNode } from 'react';

interface TabCardProps {
  title: string;
  /** Toolbar buttons; they wrap under the title on narrow screens. */
  actions?: ReactNode;
  children: ReactNode;
}

/** A tab's list card. Unlike Card, its header wraps, so two buttons fit beside a title on phones. */
export function TabCard({ title, actions, children }: TabCardProps) {
  return (
    <section className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-4 py-3 sm:px-5">
        <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </header>
      <div className="p-4 sm:p-5">{children}</div>
    </section>
  );
}
