import { Link } from '@tanstack/react-router';
import { useDocumentTitle } from '@app/lib/document-title';
import { MapPinOffIcon } from './ui/icons';
import { PageContainer } from './layout/AppShell';

export function NotFound() {
  useDocumentTitle('Page not found');
  return (
    <PageContainer>
      <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center sm:py-24">
        <span className="mb-6 grid size-16 place-items-center rounded-2xl bg-brand-50 text-brand-700">
          <MapPinOffIcon className="size-8" />
        </span>
        <p className="text-sm font-semibold text-brand-700">404</p>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
          Oops! Page not Found
        </h1>
        <p className="mt-3 text-slate-600">
          The page you are looking for does not exist or has been moved.
        </p>
        <Link
          to="/"
          className="mt-8 inline-flex h-11 items-center rounded-lg bg-brand-700 px-5 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Back to the dashboard
        </Link>
      </div>
    </PageContainer>
  );
}
