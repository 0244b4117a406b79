import { useId } from 'react';

interface DateFieldProps {
  label: string;
  /** YYYY-MM-DD, as the native date input holds it. */
  value: string;
  min?: string | undefined;
  max?: string | undefined;
  onChange: (value: string) => void;
  error?: string | undefined;
}

/**
 * A native date input with its label, styled like ui/TextField. Plain elements on purpose: the
 * sign-in page's TextField (Headless UI) imported from here split its Headless UI parts into
 * chunks of their own and added 1.3 KiB to the sign-in page's JavaScript.
 */
export function DateField({ label, value, min, max, onChange, error }: DateFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        min={min}
        max={max}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => {
          onChange(e.target.value);
        }}
        className={`block h-11 w-full rounded-lg border-0 bg-white px-3 text-base text-slate-900 shadow-sm ring-1 ring-inset focus:ring-2 focus:ring-brand-600 focus:outline-none sm:text-sm ${error ? 'ring-rose-500' : 'ring-slate-300'}`}
      />
      {error && (
        <p id={errorId} className="text-sm text-rose-600">
          {error}
        </p>
      )}
    </div>
  );
}
