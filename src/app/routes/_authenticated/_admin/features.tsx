import { createFileRoute } from '@tanstack/react-router';
import { useUrlListSearch } from '@app/components/list';
import { FeaturesPage } from '@app/features/features-admin/components/FeaturesPage';
import { nameListUrl } from '@app/features/named-entities/model/list-url';
import { featuresQueryOptions } from '@app/lib/lookups';

export const Route = createFileRoute('/_authenticated/_admin/features')({
  validateSearch: nameListUrl.schema,
  // Starts the call on link hover; the page shows its skeleton meanwhile, and a failure is
  // toasted by the api client and shown by the page.
  loader: ({ context }) => {
    context.queryClient.query(featuresQueryOptions()).catch(() => undefined);
  },
  component: FeaturesRoute,
});

function FeaturesRoute() {
  const binding = useUrlListSearch(Route.useSearch(), Route.useNavigate(), nameListUrl);
  return <FeaturesPage {...binding} />;
}
