import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import {
  rolloutDevicesInfiniteOptions,
  rolloutQueryOptions,
} from '@app/features/rollouts/api/rollouts';
import { RolloutPage } from '@app/features/rollouts/components/RolloutPage';
import { RolloutSearchSchema } from '@app/features/rollouts/model/device-state-search';
import { mayOpen } from '@app/features/auth/session-guards';

// `rollouts_`: beside /rollouts, not inside it (that page has no outlet for a child).
export const Route = createFileRoute('/_authenticated/rollouts_/$id')({
  params: {
    parse: ({ id }) => ({ id: /^\d{1,10}$/.test(id) ? Number(id) : Number.NaN }),
    stringify: ({ id }) => ({ id: String(id) }),
  },
  validateSearch: RolloutSearchSchema,
  loaderDeps: ({ search }) => ({ state: search.state ?? null }),
  beforeLoad: ({ params, preload }) => {
    if (!mayOpen('screens.library', { preload })) throw redirect({ to: '/' });
    if (Number.isNaN(params.id)) throw notFound();
  },
  // Starts the calls on link hover; the page shows its skeleton meanwhile. A failure is
  // toasted by the api client and shown by the page.
  loader: ({ context, params, deps }) => {
    context.queryClient.query(rolloutQueryOptions(params.id)).catch(() => undefined);
    context.queryClient
      .infiniteQuery(rolloutDevicesInfiniteOptions(params.id, deps.state))
      .catch(() => undefined);
  },
  component: RolloutRoute,
});

function RolloutRoute() {
  const { id } = Route.useParams();
  const { state } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <RolloutPage
      id={id}
      state={state ?? null}
      onStateChange={(next) => {
        void navigate({ search: { state: next ?? undefined }, replace: true });
      }}
    />
  );
}
