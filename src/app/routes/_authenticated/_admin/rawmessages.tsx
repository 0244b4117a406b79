import { createFileRoute } from '@tanstack/react-router';
import { useUrlListSearch } from '@app/components/list';
import { prefetchServerList } from '@app/components/list/model';
import { rawMessageList } from '@app/features/middleware-log/api/raw-message-list';
import { RawMessagesPage } from '@app/features/middleware-log/components/RawMessagesPage';
import { rawMessageListUrl } from '@app/features/middleware-log/model/list-urls';

export const Route = createFileRoute('/_authenticated/_admin/rawmessages')({
  validateSearch: rawMessageListUrl.schema,
  loaderDeps: ({ search }) => rawMessageListUrl.toSearch(search),
  // Starts the first page on link hover; the page shows its skeleton meanwhile.
  loader: ({ context, deps }) => {
    prefetchServerList(context.queryClient, rawMessageList, deps);
  },
  component: RawMessagesRoute,
});

function RawMessagesRoute() {
  const binding = useUrlListSearch(Route.useSearch(), Route.useNavigate(), rawMessageListUrl);
  return <RawMessagesPage {...binding} />;
}
