import { useQuery } from '@tanstack/react-query';
import { countryName } from '@shared/customers/countries';
import type { Customer } from '@shared/customers/customers';
import { PageContainer } from '@app/components/layout/AppShell';
import { UnlessOffline } from '@app/components/layout/OfflineFallback';
import { Badge } from '@app/components/ui/Badge';
import { Card } from '@app/components/ui/Card';
import { PageHeader } from '@app/components/ui/PageHeader';
import { QueryError } from '@app/components/ui/QueryStates';
import { Skeleton } from '@app/components/ui/Skeleton';
import { useSession } from '@app/lib/use-session';
import { customerQueryOptions } from '@app/features/customers/api/customers';
import {
  activeTab,
  CUSTOMER_TABS,
  DEFAULT_CUSTOMER_TAB,
  shownTabs,
  type CustomerTabId,
} from '@app/features/customers/model/tabs';
import { CustomerTabNav } from './CustomerTabNav';
import { CustomerTabPanel } from './CustomerTabPanel';

/** What the title's line under it says: country, main reseller, integration. */
function summary(customer: Customer): string {
  return [
    customer.Country === null ? null : countryName(customer.Country),
    customer.ResellerName === null ? null : `Main reseller ${customer.ResellerName}`,
    customer.RTDIntegration && customer.Integration ? `Integration ${customer.Integration}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * /customer/{id} (spec 02 "Customer detail"): the name as title and the tabs; only the active
 * tab's data loads. A customer that does not exist or is not the caller's says 'not found'.
 */
export function CustomerDetailPage({ id, tab }: { id: number; tab: CustomerTabId | undefined }) {
  const query = useQuery(customerQueryOptions(id));
  const auth = useSession()?.auth;

  if (query.isPending) {
    return (
      <PageContainer>
        <UnlessOffline framed>
          <div role="status" aria-label="Loading the customer">
            <Skeleton className="mb-2 h-7 w-56" />
            <Skeleton className="mb-6 h-4 w-72" />
            <Skeleton className="mb-5 h-11 w-52" />
            <Skeleton className="h-72 w-full" />
          </div>
        </UnlessOffline>
      </PageContainer>
    );
  }
  if (query.isLoadingError) {
    return (
      <PageContainer>
        <PageHeader title="Customer" />
        <Card>
          <QueryError title="The customer could not be loaded" query={query} />
        </Card>
      </PageContainer>
    );
  }

  const customer = query.data;
  const tabs = shownTabs(CUSTOMER_TABS, auth, customer);
  const active = activeTab(tab, tabs, DEFAULT_CUSTOMER_TAB);
  return (
    <PageContainer>
      <PageHeader
        title={customer.Name}
        description={summary(customer) || undefined}
        actions={customer.IsReseller ? <Badge tone="brand">Reseller</Badge> : undefined}
      />
      <CustomerTabNav customerId={customer.Id} tabs={tabs} active={active} />
      <CustomerTabPanel key={active} tab={active} customer={customer} />
    </PageContainer>
  );
}
