import { createFileRoute } from '@tanstack/react-router';
import { useUrlListSearch } from '@app/components/list';
import { profileListSource } from '@app/features/settings-profiles/api/settings-profiles';
import { SettingsProfilesPage } from '@app/features/settings-profiles/components/SettingsProfilesPage';
import { profileListUrl } from '@app/features/settings-profiles/model/profile-list-url';
import { listModeFor } from '@app/components/list/model';

export const Route = createFileRoute('/_authenticated/_admin/settingsProfiles')({
  validateSearch: profileListUrl.schema,
  loaderDeps: ({ search }) => profileListUrl.toSearch(search),
  // Starts the search's call on link hover; the page shows its skeleton meanwhile, and a
  // failure is toasted by the api client and shown by the page.
  loader: ({ context, deps }) => {
    context.queryClient.query(profileListSource.options(listModeFor(deps))).catch(() => undefined);
  },
  component: SettingsProfilesRoute,
});

function SettingsProfilesRoute() {
  const binding = useUrlListSearch(Route.useSearch(), Route.useNavigate(), profileListUrl);
  return <SettingsProfilesPage {...binding} />;
}
