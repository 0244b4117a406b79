import { Link } from '@tanstack/react-router';
import { MainNav } from '../../features/navigation/components/MainNav';
import { PRODUCT_NAME } from '../../lib/document-title';
import { LogoMark } from '../ui/icons';

export function AppHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-4 px-4 sm:h-16 sm:px-6 lg:gap-2 lg:px-5 xl:gap-4 xl:px-8">
        <Link
          to="/"
          className="flex shrink-0 items-center gap-2.5 rounded-md text-base font-semibold tracking-tight text-slate-900 focus:outline-none focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <LogoMark className="size-8 text-brand-700" />
          {PRODUCT_NAME}
        </Link>
        <MainNav />
      </div>
    </header>
  );
}
