import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { TEST_RESULT, type TestResultText } from '@shared/devices/device-tests';
import { CheckCircleIcon, XCircleIcon } from './state-icons';

const linkClass =
  'inline-flex h-11 items-center rounded-lg bg-white px-4 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50 sm:h-10';

/**
 * The test's outcome once every item is ok or failed. It sits at the top while the installer
 * is down at the items (on a phone, screens below): it scrolls itself into view when it appears.
 */
export function TestResultBanner({ result }: { result: TestResultText | null }) {
  const ok = result === TEST_RESULT.ok;
  const Icon = ok ? CheckCircleIcon : XCircleIcon;
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    ref.current?.scrollIntoView({ behavior: still ? 'auto' : 'smooth', block: 'start' });
  }, []);
  return (
    <section
      ref={ref}
      aria-label="Test result"
      // Clear of the sticky header once scrolled to.
      className={`mb-6 flex scroll-mt-24 flex-col gap-4 rounded-xl p-5 ring-1 sm:flex-row sm:items-center sm:justify-between ${
        ok ? 'bg-emerald-50 ring-emerald-200' : 'bg-rose-50 ring-rose-200'
      }`}
    >
      <div className="flex items-center gap-3">
        <Icon className={`size-10 shrink-0 ${ok ? 'text-emerald-600' : 'text-rose-600'}`} />
        <div>
          <p
            data-result
            className={`text-2xl font-bold tracking-tight ${ok ? 'text-emerald-800' : 'text-rose-800'}`}
          >
            {result ?? TEST_RESULT.failed}
          </p>
          <p className="text-sm text-slate-700">
            The result is saved in the device tests overview.
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to="/devicetests" className={linkClass}>
          Overview
        </Link>
        <Link to="/devicetest" className={linkClass}>
          Test another device
        </Link>
      </div>
    </section>
  );
}
