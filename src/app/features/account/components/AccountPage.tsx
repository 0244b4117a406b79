import { useQuery } from '@tanstack/react-query';
import { PageContainer } from '@app/components/layout/AppShell';
import { PageHeader } from '@app/components/ui/PageHeader';
import { customerQueryOptions } from '@app/features/customers';
import { useSession } from '@app/lib/use-session';
import type { AccountTabId } from '@app/features/account/model/tabs';
import { AccountTabNav } from './AccountTabNav';
import { CustomerTab } from './CustomerTab';
import { ProfileTab } from './ProfileTab';
import { UsersTab } from './UsersTab';

/**
 * /account (spec 02 "Account page"): tabs Profile, Customer and Users of the signed-in user.
 * Only the active tab loads its data.
 */
export function AccountPage({ tab }: { tab: AccountTabId }) {
  const auth = useSession()?.auth;
  // Reads what the Customer tab loaded (never fetches itself): a renamed customer shows at once,
  // while the session still holds the name from sign-in.
  const customer = useQuery({ ...customerQueryOptions(auth?.CustomerId ?? 0), enabled: false });
  // The route is behind the sign-in guard; without a session there is nothing to show.
  if (!auth) return null;
  return (
    <PageContainer>
      <PageHeader
        title="Account"
        description={`${auth.Email} · ${auth.Role} of ${customer.data?.Name ?? auth.Customer}`}
      />
      <AccountTabNav active={tab} />
      {tab === 'profile' && <ProfileTab userId={auth.Id} />}
      {tab === 'customer' && <CustomerTab customerId={auth.CustomerId} />}
      {tab === 'users' && <UsersTab customerId={auth.CustomerId} />}
    </PageContainer>
  );
}
