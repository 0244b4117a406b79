import { createFileRoute, notFound } from '@tanstack/react-router';
import * as v from 'valibot';
import { MAX_SERIAL_ID } from '@shared/api/id-limits';
import { customerQueryOptions } from '@app/features/customers/api/customers';
import { CustomerDetailPage } from '@app/features/customers/components/CustomerDetailPage';
import { CUSTOMER_TAB_IDS } from '@app/features/customers/model/tabs';

// An unknown ?tab= is dropped rather than failing the page: old links keep working.
const SearchSchema = v.object({
  tab: v.fallback(v.optional(v.picklist(CUSTOMER_TAB_IDS)), undefined),
});

export const Route = createFileRoute('/_authenticated/customer/$id')({
  params: {
    // An id no customer can have is 'not found' at once, without asking the server.
    parse: ({ id }) => ({
      id: /^[1-9]\d{0,9}$/.test(id) && Number(id) <= MAX_SERIAL_ID ? Number(id) : Number.NaN,
    }),
    stringify: ({ id }) => ({ id: String(id) }),
  },
  validateSearch: SearchSchema,
  beforeLoad: ({ params }) => {
    if (Number.isNaN(params.id)) throw notFound();
  },
  // Starts the call on link hover; the page shows its skeleton meanwhile, and a failure is
  // toasted by the api client and shown by the page. Each tab loads its own data when shown.
  loader: ({ context, params }) => {
    context.queryClient.query(customerQueryOptions(params.id)).catch(() => undefined);
  },
  component: CustomerRoute,
});

function CustomerRoute() {
  const { id } = Route.useParams();
  const { tab } = Route.useSearch();
  return <CustomerDetailPage id={id} tab={tab} />;
}
