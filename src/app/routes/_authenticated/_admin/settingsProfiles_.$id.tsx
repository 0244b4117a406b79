import { createFileRoute, notFound } from '@tanstack/react-router';
import { UUID_PATTERN } from '@shared/api/id-limits';
import { settingsProfileQueryOptions } from '@app/features/settings-profiles/api/settings-profiles';
import { SettingsProfileEditPage } from '@app/features/settings-profiles/components/SettingsProfileEditPage';

// `settingsProfiles_`: beside the list, not inside it. Profile ids are GUIDs.
export const Route = createFileRoute('/_authenticated/_admin/settingsProfiles_/$id')({
  params: {
    // An id no profile can have is 'not found' at once, without asking the server.
    parse: ({ id }) => ({ id: UUID_PATTERN.test(id) ? id.toLowerCase() : '' }),
    stringify: ({ id }) => ({ id }),
  },
  beforeLoad: ({ params }) => {
    if (params.id === '') throw notFound();
  },
  // Starts the call on link hover; the page shows its skeleton meanwhile.
  loader: ({ context, params }) => {
    context.queryClient.query(settingsProfileQueryOptions(params.id)).catch(() => undefined);
  },
  component: SettingsProfileRoute,
});

function SettingsProfileRoute() {
  const { id } = Route.useParams();
  return <SettingsProfileEditPage id={id} />;
}
