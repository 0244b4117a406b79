import {
  Button as HeadlessButton,
  type ButtonProps as HeadlessButtonProps,
} from '@headlessui/react';
import type { ReactNode } from 'react';
import { Spinner } from './Spinner';

const variants = {
  primary:
    'bg-brand-700 text-white shadow-sm data-hover:bg-brand-800 data-active:bg-brand-900 data-disabled:bg-brand-300',
  secondary:
    'bg-white text-slate-800 ring-1 ring-inset ring-slate-300 shadow-sm data-hover:bg-slate-50 data-disabled:text-slate-400',
  ghost: 'text-slate-700 data-hover:bg-slate-100 data-disabled:text-slate-400',
} as const;

const sizes = {
  // 44 px on phones (touch), the denser 40 px from sm up.
  md: 'h-11 px-4 text-sm sm:h-10',
  lg: 'h-11 px-5 text-base',
} as const;

export interface ButtonProps extends Omit<HeadlessButtonProps, 'className' | 'children'> {
  children: ReactNode;
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Shows a spinner before the label; the caller decides whether that also disables. */
  loading?: boolean;
  className?: string;
}

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  className = '',
  children,
  ...props
}: ButtonProps) {
  return (
    <HeadlessButton
      {...props}
      className={`inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors data-focus:outline-2 data-focus:outline-offset-2 data-focus:outline-brand-600 data-disabled:cursor-not-allowed ${variants[variant]} ${sizes[size]} ${className}`}
    >
      {loading && <Spinner className="size-4" />}
      {children}
    </HeadlessButton>
  );
}
