import type { ComponentType, SVGProps } from 'react';
import { focusRingInset } from '@app/components/ui/focus';

interface RowIconButtonProps {
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** The accessible name ('Edit', 'Delete', 'Change Customer'). */
  label: string;
  onClick: () => void;
  /** The tooltip; the label when absent. */
  title?: string | undefined;
  disabled?: boolean;
  /** 'danger' for delete. */
  tone?: 'default' | 'danger';
  /** Shows the label beside the icon (phone cards have the room). */
  withLabel?: boolean;
  /** It opens a menu (a row's actions): announced as such, open or closed. */
  menu?: { open: boolean } | undefined;
}

/**
 * A row's action (edit, delete…) for the table's actions column and the card footer: 44 px
 * high for fingers, focus ring, the reason in the tooltip when disabled.
 */
export function RowIconButton({
  icon: Icon,
  label,
  onClick,
  title,
  disabled = false,
  tone = 'default',
  withLabel = false,
  menu,
}: RowIconButtonProps) {
  const colour =
    tone === 'danger' ? 'text-rose-700 hover:bg-rose-50' : 'text-brand-700 hover:bg-brand-50';
  return (
    <button
      type="button"
      aria-label={withLabel ? undefined : label}
      title={title ?? label}
      disabled={disabled}
      aria-haspopup={menu ? 'menu' : undefined}
      aria-expanded={menu?.open}
      onClick={onClick}
      className={`inline-flex h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg text-sm font-medium ${colour} disabled:cursor-not-allowed disabled:text-slate-500 disabled:hover:bg-transparent ${withLabel ? 'px-3 ring-1 ring-slate-200 ring-inset' : ''} ${focusRingInset}`}
    >
      <Icon className="size-4.5 shrink-0" />
      {withLabel && label}
    </button>
  );
}
