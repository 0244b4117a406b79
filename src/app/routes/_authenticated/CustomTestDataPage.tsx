import { createFileRoute } from '@tanstack/react-router';
import { useUrlListSearch } from '@app/components/list';
import { customTestDataQueryOptions } from '@app/features/custom-test-data/api/custom-test-data';
import { CustomTestDataPage } from '@app/features/custom-test-data/components/CustomTestDataPage';
import { customTestDataListUrl } from '@app/features/custom-test-data/model/custom-test-data-list-url';

// Spec 01 §2.1, 03 §2: open to any signed-in user (each sees their own tree's files); not in the
// menu, which spec 01 §2.2 lists without it.
export const Route = createFileRoute('/_authenticated/CustomTestDataPage')({
  validateSearch: customTestDataListUrl.schema,
  // Starts the call on link hover; the page shows its skeleton meanwhile. The search is
  // client-side: one query for any search.
  loader: ({ context }) => {
    context.queryClient.query(customTestDataQueryOptions()).catch(() => undefined);
  },
  component: CustomTestDataRoute,
});

function CustomTestDataRoute() {
  const binding = useUrlListSearch(Route.useSearch(), Route.useNavigate(), customTestDataListUrl);
  return <CustomTestDataPage {...binding} />;
}
