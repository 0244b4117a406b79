import type { ReactNode } from 'react';

interface CardProps {
  title?: ReactNode;
  /** Right-hand side of the title row (a badge, a button). */
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}

export function Card({ title, actions, className = '', children }: CardProps) {
  return (
    <section
      className={`flex flex-col rounded-xl bg-white shadow-sm ring-1 ring-slate-200 ${className}`}
    >
      {(title !== undefined || actions !== undefined) && (
        <header className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-3 sm:px-5">
          <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
          {actions}
        </header>
      )}
      <div className="flex-1 p-4 sm:p-5">{children}</div>
    </section>
  );
}
