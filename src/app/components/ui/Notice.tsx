import type { ReactNode } from 'react';
import { AlertIcon } from './icons';

/** An amber line above a tab's content: something the installer should know before editing. */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="mb-4 flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2.5 text-sm font-medium text-amber-900 ring-1 ring-amber-200"
    >
      <AlertIcon className="size-5 shrink-0 text-amber-600" />
      {children}
    </p>
  );
}
