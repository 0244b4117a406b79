import { createFileRoute } from '@tanstack/react-router';
import { useUrlListSearch } from '@app/components/list';
import { nameListUrl } from '@app/features/named-entities/model/list-url';
import { RolesPage } from '@app/features/roles/components/RolesPage';
import { rolesQueryOptions } from '@app/lib/lookups';

export const Route = createFileRoute('/_authenticated/_admin/roles')({
  validateSearch: nameListUrl.schema,
  // Starts the call on link hover; the page shows its skeleton meanwhile, and a failure is
  // toasted by the api client and shown by the page.
  loader: ({ context }) => {
    context.queryClient.query(rolesQueryOptions()).catch(() => undefined);
  },
  component: RolesRoute,
});

function RolesRoute() {
  const binding = useUrlListSearch(Route.useSearch(), Route.useNavigate(), nameListUrl);
  return <RolesPage {...binding} />;
}
