import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LogoMark } from '@app/components/ui/icons';
import { useDocumentTitle } from '@app/lib/document-title';
import { finishPendingLogout } from '@app/features/auth/api/logout';
import { safeReturnPath } from '@app/features/auth/session-guards';
import { LoginForm } from './LoginForm';

export function LoginPage() {
  useDocumentTitle('Log in');
  const navigate = useNavigate();
  const returnTo = useSearch({ from: '/login', select: (s) => s.redirect });
  // A logout made offline (then a reload) still owes the server the end of its session.
  useEffect(() => {
    void finishPendingLogout();
  }, []);

  return (
    <div className="flex flex-1 items-start justify-center bg-gradient-to-b from-brand-50 via-slate-50 to-slate-50 px-4 py-10 sm:items-center sm:py-16">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex flex-col items-center text-center">
          <LogoMark className="size-12 text-brand-700" />
          <h1 className="mt-4 text-2xl font-semibold tracking-tight text-slate-900">
            Sign in to Fleet Portal
          </h1>
          <p className="mt-1 text-sm text-slate-600">Middleware configuration portal</p>
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <LoginForm
            onSignedIn={() => {
              void navigate({ href: safeReturnPath(returnTo) });
            }}
          />
        </div>
        <p className="mt-6 text-center text-xs text-slate-500">Fleet Portal · version 1.3.0</p>
      </div>
    </div>
  );
}
