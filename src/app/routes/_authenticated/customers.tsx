import { createFileRoute } from '@tanstack/react-router';
import { useUrlListSearch } from '@app/components/list';
import { CustomersPage } from '@app/features/customers/components/CustomersPage';
import { customerListUrl } from '@app/features/customers/model/customer-list-url';
import { customersQueryOptions } from '@app/lib/lookups';

export const Route = createFileRoute('/_authenticated/customers')({
  validateSearch: customerListUrl.schema,
  // Starts the call on link hover; the page shows its skeleton meanwhile. The search is
  // client-side: one query (the customers lookup) for any search.
  loader: ({ context }) => {
    context.queryClient.query(customersQueryOptions()).catch(() => undefined);
  },
  component: CustomersRoute,
});

function CustomersRoute() {
  const binding = useUrlListSearch(Route.useSearch(), Route.useNavigate(), customerListUrl);
  return <CustomersPage {...binding} />;
}
