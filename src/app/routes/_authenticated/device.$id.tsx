import { createFileRoute, notFound } from '@tanstack/react-router';
import * as v from 'valibot';
import { deviceQueryOptions } from '@app/features/device-detail/api/device';
import { DeviceDetailPage } from '@app/features/device-detail/components/DeviceDetailPage';
import { DEVICE_TAB_IDS } from '@app/features/device-detail/model/tabs';

// An unknown ?tab= is dropped rather than failing the page: old links keep working.
const SearchSchema = v.object({
  tab: v.fallback(v.optional(v.picklist(DEVICE_TAB_IDS)), undefined),
});

export const Route = createFileRoute('/_authenticated/device/$id')({
  params: {
    parse: ({ id }) => ({ id: /^\d{1,15}$/.test(id) ? Number(id) : Number.NaN }),
    stringify: ({ id }) => ({ id: String(id) }),
  },
  validateSearch: SearchSchema,
  beforeLoad: ({ params }) => {
    if (Number.isNaN(params.id)) throw notFound();
  },
  // Starts the call on link hover; the page shows its skeleton meanwhile.
  loader: ({ context, params }) => {
    // A failure is already toasted by the api client and shown by the page.
    context.queryClient.query(deviceQueryOptions(params.id)).catch(() => undefined);
  },
  component: DeviceRoute,
});

function DeviceRoute() {
  const { id } = Route.useParams();
  const { tab } = Route.useSearch();
  return <DeviceDetailPage id={id} tab={tab} />;
}
