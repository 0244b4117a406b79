import type { Auth } from '@shared/access/auth';
import { Badge } from '@app/components/ui/Badge';

export const roleLabel = (auth: Pick<Auth, 'Role' | 'IsReseller'>): string =>
  auth.IsReseller ? `${auth.Role} · Reseller` : auth.Role;

/** Who is signed in: email, customer and role. */
export function AccountSummary({ auth }: { auth: Auth }) {
  return (
    <div className="min-w-0">
      <p className="truncate text-sm font-semibold text-slate-900" title={auth.Email}>
        {auth.Email}
      </p>
      <p className="truncate text-sm text-slate-600" title={auth.Customer}>
        {auth.Customer}
      </p>
      <div className="mt-2">
        <Badge tone={auth.Role === 'Admin' ? 'brand' : 'slate'}>{roleLabel(auth)}</Badge>
      </div>
    </div>
  );
}

export function Avatar({ email }: { email: string }) {
  return (
    <span
      aria-hidden="true"
      className="grid size-6 place-items-center rounded-full bg-brand-700 text-xs font-semibold text-white uppercase"
    >
      {email.slice(0, 1)}
    </span>
  );
}
