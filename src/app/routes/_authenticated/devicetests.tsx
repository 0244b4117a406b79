import { createFileRoute, redirect } from '@tanstack/react-router';
import { useUrlListSearch } from '@app/components/list';
import { mayOpen } from '@app/features/auth/session-guards';
import { deviceTestsInfiniteOptions } from '@app/features/device-tests/api/device-tests';
import { DeviceTestsPage } from '@app/features/device-tests/history/DeviceTestsPage';
import { historyUrl } from '@app/features/device-tests/history/history-url';

export const Route = createFileRoute('/_authenticated/devicetests')({
  validateSearch: historyUrl.schema,
  beforeLoad: ({ preload }) => {
    if (!mayOpen('deviceTests.run', { preload })) throw redirect({ to: '/' });
  },
  // Starts the call on link hover; the page shows its skeleton meanwhile. The search is
  // client-side: one query for any search.
  loader: ({ context }) => {
    context.queryClient.infiniteQuery(deviceTestsInfiniteOptions()).catch(() => undefined);
  },
  component: DeviceTestsRoute,
});

function DeviceTestsRoute() {
  const binding = useUrlListSearch(Route.useSearch(), Route.useNavigate(), historyUrl);
  return <DeviceTestsPage {...binding} />;
}
