import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode, SubmitEvent } from 'react';
import { CloseIcon } from './icons';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** The button row; sticks to the bottom of the sheet on phones. */
  footer?: ReactNode;
  size?: 'md' | 'lg';
  /** Makes body and footer one form, so a submit button in the footer is inside it (Enter submits). */
  onSubmit?: (event: SubmitEvent<HTMLFormElement>) => void;
}

const widths = { md: 'sm:max-w-lg', lg: 'sm:max-w-3xl' } as const;

/**
 * A dialog: a bottom sheet on phones (reachable with a thumb), a centred panel from sm up.
 * Headless UI traps focus, closes on Escape and on a backdrop click.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  size = 'md',
  onSubmit,
}: ModalProps) {
  const content = (
    <>
      <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
      {footer && (
        <div className="flex flex-col-reverse gap-2 border-t border-slate-100 px-5 py-3 sm:flex-row sm:justify-end">
          {footer}
        </div>
      )}
    </>
  );
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-slate-900/40 transition-opacity duration-150 data-closed:opacity-0"
      />
      <div className="fixed inset-0 flex items-end justify-center sm:items-center sm:p-4">
        <DialogPanel
          transition
          className={`flex max-h-[92dvh] w-full flex-col rounded-t-2xl bg-white shadow-xl transition duration-150 data-closed:translate-y-4 data-closed:opacity-0 sm:rounded-2xl ${widths[size]}`}
        >
          <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-5 py-3">
            <DialogTitle className="text-base font-semibold text-slate-900">{title}</DialogTitle>
            <button
              type="button"
              aria-label="Close"
              onClick={onClose}
              className="grid size-11 place-items-center rounded-lg text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <CloseIcon className="size-5" />
            </button>
          </div>
          {onSubmit ? (
            <form noValidate onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col">
              {content}
            </form>
          ) : (
            content
          )}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
