import { createFileRoute, redirect } from '@tanstack/react-router';
import { useUrlListSearch } from '@app/components/list';
import {
  firmwareFlagsQueryOptions,
  firmwareLibraryQueryOptions,
} from '@app/features/firmware/api/firmwares';
import { FirmwarePage } from '@app/features/firmware/components/FirmwarePage';
import { firmwareListUrl } from '@app/features/firmware/model/firmware-list-url';
import { mayOpen } from '@app/features/auth/session-guards';

export const Route = createFileRoute('/_authenticated/firmware')({
  validateSearch: firmwareListUrl.schema,
  beforeLoad: ({ preload }) => {
    if (!mayOpen('screens.library', { preload })) throw redirect({ to: '/' });
  },
  // Starts the calls on link hover; the page shows its skeleton meanwhile. The search is
  // client-side: one query for any search.
  loader: ({ context }) => {
    context.queryClient.query(firmwareLibraryQueryOptions()).catch(() => undefined);
    context.queryClient.query(firmwareFlagsQueryOptions()).catch(() => undefined);
  },
  component: FirmwareRoute,
});

function FirmwareRoute() {
  const binding = useUrlListSearch(Route.useSearch(), Route.useNavigate(), firmwareListUrl);
  return <FirmwarePage {...binding} />;
}
