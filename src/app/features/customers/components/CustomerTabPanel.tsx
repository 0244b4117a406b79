import type { Customer } from '@shared/customers/customers';
import { AuthServersPanel } from '@app/features/auth-servers';
import { CompanyCardsPanel } from '@app/features/company-cards';
import { UsersPanel } from '@app/features/users';
import type { CustomerTabId } from '@app/features/customers/model/tabs';
import { CustomerDevicesTab } from './CustomerDevicesTab';

/** The active tab's content; only it is mounted, so only its data loads (spec 02). */
export function CustomerTabPanel({ tab, customer }: { tab: CustomerTabId; customer: Customer }) {
  switch (tab) {
    case 'devices':
      return <CustomerDevicesTab customerId={customer.Id} />;
    case 'users':
      return <UsersPanel customerId={customer.Id} addLabel="Add user" />;
    case 'companycards':
      return <CompanyCardsPanel customer={customer} />;
    case 'authservers':
      return <AuthServersPanel customerId={customer.Id} />;
  }
}
