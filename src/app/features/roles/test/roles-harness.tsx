import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { setupServer } from 'msw/node';
import type { NamedEntity } from '@shared/access/names';
import { useListSearchState } from '@app/components/list';
import { NAME_FILTERS } from '@app/features/named-entities';
import { createQueryClient } from '@app/lib/query-client';
import { saveSession } from '@app/lib/session';
import { apiUrl } from '@app/test/api-server';
import { loginFixture } from '@app/test/fixtures';
import { RolesPage } from '@app/features/roles/components/RolesPage';

export const ROLES: NamedEntity[] = [
  { Id: 1, Name: 'Admin', UsedBy: 1 },
  { Id: 4, Name: 'Auditor', UsedBy: 0 },
  { Id: 5, Name: 'Installer', UsedBy: 4 },
];

/** Answers `GET roles/` with `roles`, and records each `DELETE roles/{id}` by id. */
export function serveRoles(server: ReturnType<typeof setupServer>, roles = ROLES) {
  const removed: number[] = [];
  let rows = roles;
  server.use(
    http.get(apiUrl('roles/'), () => HttpResponse.json(rows)),
    http.delete(apiUrl('roles/:id'), ({ params }) => {
      const id = Number(params.id);
      const role = rows.find((r) => r.Id === id);
      if (!role) return HttpResponse.json({ message: 'Role not found' }, { status: 404 });
      if (role.UsedBy > 0) {
        return HttpResponse.json(
          {
            message: `This role is in use by ${String(role.UsedBy)} user(s) and cannot be removed`,
          },
          { status: 400 },
        );
      }
      removed.push(id);
      rows = rows.filter((r) => r.Id !== id);
      return HttpResponse.json(role);
    }),
  );
  return removed;
}

function Screen() {
  return <RolesPage {...useListSearchState(NAME_FILTERS[0])} />;
}

/** The Roles screen for a signed-in admin. */
export function renderRolesPage() {
  saveSession({ ...loginFixture({ Role: 'Admin' }) });
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <Screen />
    </QueryClientProvider>,
  );
  return client;
}
