import { PageContainer } from '@app/components/layout/AppShell';
import { PageHeader } from '@app/components/ui/PageHeader';
import { useSession } from '@app/lib/use-session';
import type { AccountTabId } from '../model/tabs';
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
  // The route is behind the sign-in guard; without a session there is nothing to show.
  if (!auth) return null;
  return (
    <PageContainer>
      <PageHeader
        title="Account"
        description={`${auth.Email} · ${auth.Role} of ${auth.Customer}`}
      />
      <AccountTabNav active={tab} />
      {tab === 'profile' && <ProfileTab userId={auth.Id} />}
      {tab === 'customer' && <CustomerTab customerId={auth.CustomerId} />}
      {tab === 'users' && <UsersTab customerId={auth.CustomerId} />}
    </PageContainer>
  );
}
