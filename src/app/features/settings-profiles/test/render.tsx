import type { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import type { Auth } from '@shared/access/auth';
import type { SettingsProfile } from '@shared/settings-profiles/settings-profiles';
import type { ListSearch } from '@app/components/list';
import { createQueryClient } from '@app/lib/query-client';
import { saveSession } from '@app/lib/session';
import { apiUrl } from '@app/test/api-server';
import { loginFixture } from '@app/test/fixtures';
import { renderRoute } from '@app/test/render-route';
import { SettingsProfileEditPage } from '@app/features/settings-profiles/components/SettingsProfileEditPage';
import { SettingsProfilesPage } from '@app/features/settings-profiles/components/SettingsProfilesPage';
import { SettingsProfileWizard } from '@app/features/settings-profiles/components/SettingsProfileWizard';
import type { ProfileFilter } from '@app/features/settings-profiles/model/profile-list-url';
import { CUSTOMERS, ENDPOINTS, FIRMWARES, PROFILES } from './fixtures';

type Server = ReturnType<typeof setupServer>;

/** The lookups the screens load: customers, firmware, endpoints. */
function lookups(server: Server) {
  server.use(
    http.get(apiUrl('customers/'), () => HttpResponse.json(CUSTOMERS)),
    http.get(apiUrl('AddonBoardFW/'), () => HttpResponse.json(FIRMWARES)),
    http.get(apiUrl('endpoints/'), () => HttpResponse.json(ENDPOINTS)),
    http.get(apiUrl('endpoints/customer/:id'), ({ params }) =>
      HttpResponse.json(
        ENDPOINTS.filter((e) => e.CustomerId === null || e.CustomerId === Number(params.id)),
      ),
    ),
  );
}

/** The list page with the search in state, the way the route keeps it in the URL. */
function ListScreen() {
  const [search, setSearch] = useState<ListSearch<ProfileFilter>>({
    filter: 'Name',
    text: '',
    customerId: null,
  });
  return <SettingsProfilesPage search={search} onSearchChange={setSearch} />;
}

/** Signs `auth` in and shows /settingsProfiles over `list`; records the list calls made. */
export function showList(server: Server, auth: Auth, list = PROFILES) {
  const calls: string[] = [];
  lookups(server);
  server.use(
    http.get(apiUrl('settingsProfiles/*'), ({ request }) => {
      calls.push(new URL(request.url).pathname.replace('/api/', ''));
      return HttpResponse.json(list);
    }),
  );
  saveSession(loginFixture(auth));
  const links = ['/settingsProfiles/new', ...list.map((p) => `/settingsProfiles/${p.Id}`)];
  return {
    ...renderRoute(() => <ListScreen />, { client: createQueryClient(), links }),
    calls,
  };
}

/** Signs an admin in and shows the wizard: a new profile, or `profile` to edit. */
export function showWizard(server: Server, auth: Auth, profile?: SettingsProfile) {
  lookups(server);
  saveSession(loginFixture(auth));
  if (profile) {
    server.use(
      http.get(apiUrl(`settingsProfiles/${profile.Id}`), () => HttpResponse.json(profile)),
    );
  }
  const path = profile ? `/settingsProfiles/${profile.Id}` : '/settingsProfiles/new';
  const Screen = profile
    ? () => <SettingsProfileEditPage id={profile.Id} />
    : () => <SettingsProfileWizard />;
  return renderRoute(Screen, { path, client: createQueryClient(), links: ['/settingsProfiles'] });
}
