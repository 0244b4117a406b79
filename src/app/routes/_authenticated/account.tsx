import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { AccountPage } from '@app/features/account/components/AccountPage';
import { ACCOUNT_TAB_IDS } from '@app/features/account/model/tabs';

// An unknown ?tab= falls back to Profile rather than failing the page.
const SearchSchema = v.object({
  tab: v.fallback(v.optional(v.picklist(ACCOUNT_TAB_IDS), 'profile'), 'profile'),
});

export const Route = createFileRoute('/_authenticated/account')({
  validateSearch: SearchSchema,
  component: AccountRoute,
});

function AccountRoute() {
  const { tab } = Route.useSearch();
  return <AccountPage tab={tab} />;
}
