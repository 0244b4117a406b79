import { Button } from '@headlessui/react';
import type { ComponentType, SVGProps } from 'react';

interface IconButtonProps {
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  onClick: () => void;
  disabled?: boolean;
  tone?: 'default' | 'danger';
}

/** A 44 px square icon button for table rows; the label is its accessible name and tooltip. */
export function IconButton({
  label,
  icon: Icon,
  onClick,
  disabled = false,
  tone = 'default',
}: IconButtonProps) {
  const colour =
    tone === 'danger'
      ? 'text-rose-600 data-hover:bg-rose-50'
      : 'text-slate-600 data-hover:bg-slate-100';
  return (
    <Button
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className={`inline-grid size-11 place-items-center rounded-lg data-disabled:cursor-not-allowed data-disabled:text-slate-400 data-focus:outline-2 data-focus:outline-brand-600 md:size-9 ${colour}`}
    >
      <Icon className="size-5" />
    </Button>
  );
}
