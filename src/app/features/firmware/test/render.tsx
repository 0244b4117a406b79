import type { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { within } from '@testing-library/react';
import { useState } from 'react';
import type { ListSearch } from '@app/components/list';
import { createQueryClient } from '@app/lib/query-client';
import { saveSession } from '@app/lib/session';
import { apiUrl } from '@app/test/api-server';
import { loginFixture } from '@app/test/fixtures';
import { renderRoute } from '@app/test/render-route';
import { FirmwarePage } from '@app/features/firmware/components/FirmwarePage';
import type { FirmwareFilter } from '@app/features/firmware/model/firmware-list-url';
import { ADMIN, FIRMWARES, FLAGS } from './fixtures';

/** The page with the search in state, the way the route keeps it in the URL. */
function Page() {
  const [search, setSearch] = useState<ListSearch<FirmwareFilter>>({
    filter: 'Version',
    text: '',
    customerId: null,
  });
  return <FirmwarePage search={search} onSearchChange={setSearch} />;
}

/** Signs the admin in and shows /firmware over `list`; counts the list's calls. */
export function showFirmware(server: ReturnType<typeof setupServer>, list = FIRMWARES) {
  const calls = { list: 0 };
  server.use(
    http.get(apiUrl('AddonBoardFW/'), () => {
      calls.list++;
      return HttpResponse.json(list);
    }),
    http.get(apiUrl('AddonBoardFW/flags/'), () => HttpResponse.json(FLAGS)),
  );
  saveSession(loginFixture(ADMIN));
  return { ...renderRoute(() => <Page />, { client: createQueryClient() }), calls };
}

/** A table row's cell texts. */
export const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
