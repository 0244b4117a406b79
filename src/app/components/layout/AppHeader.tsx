import { Link } from '@tanstack/react-router';
import { MainNav } from '@app/features/navigation';
import { PRODUCT_NAME } from '@app/lib/document-title';
import { focusRing } from '@app/components/ui/focus';
import { LogoMark } from '@app/components/ui/icons';

export function AppHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-4 px-4 sm:h-16 sm:px-6 lg:gap-2 lg:px-5 xl:gap-4 xl:px-8">
        <Link
          to="/"
          className={`flex shrink-0 items-center gap-2.5 rounded-md text-base font-semibold tracking-tight text-slate-900 ${focusRing}`}
        >
          <LogoMark className="size-8 text-brand-700" />
          {/* The mark alone between lg and xl, where the admin's bar needs the room. */}
          <span className="lg:max-xl:sr-only">{PRODUCT_NAME}</span>
        </Link>
        <MainNav />
      </div>
    </header>
  );
}
