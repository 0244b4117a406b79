import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { mayOpen } from '@app/features/auth/session-guards';
import { deviceQueryOptions } from '@app/features/device-detail/api/device';
import { LiveTestPage } from '@app/features/device-tests/components/LiveTestPage';

// `devicetest_`: beside /devicetest, not inside it (that page has no outlet for a child).
export const Route = createFileRoute('/_authenticated/devicetest_/$id')({
  params: {
    parse: ({ id }) => ({ id: /^\d{1,15}$/.test(id) ? Number(id) : Number.NaN }),
    stringify: ({ id }) => ({ id: String(id) }),
  },
  beforeLoad: ({ params, preload }) => {
    if (!mayOpen('deviceTests.run', { preload })) throw redirect({ to: '/' });
    if (Number.isNaN(params.id)) throw notFound();
  },
  loader: ({ context, params }) => {
    // A failure is already toasted by the api client and shown by the page.
    context.queryClient.query(deviceQueryOptions(params.id)).catch(() => undefined);
  },
  component: LiveTestRoute,
});

function LiveTestRoute() {
  const { id } = Route.useParams();
  return <LiveTestPage id={id} />;
}
