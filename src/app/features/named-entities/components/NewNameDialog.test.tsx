import { QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from '@app/lib/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NAME_TAKEN, NAME_TOO_SHORT, type NamedEntity } from '@shared/access/names';
import { api } from '@app/lib/api-client';
import { createQueryClient } from '@app/lib/query-client';
import { apiUrl, startApiServer } from '@app/test/api-server';
import type { NamedResource } from '@app/features/named-entities/api/named-entities';
import { NewNameDialog } from './NewNameDialog';

vi.mock('@app/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const server = startApiServer();
afterEach(cleanup);

const EXISTING: NamedEntity[] = [{ Id: 5, Name: 'Installer', UsedBy: 4 }];
const KEY = ['test-roles'] as const;
const resource: NamedResource<readonly ['test-roles', 'list']> = {
  kind: 'role',
  query: () =>
    queryOptions({
      queryKey: [...KEY, 'list'] as const,
      queryFn: () => api.get<NamedEntity[]>('roles/'),
    }),
  allKey: KEY,
  listPath: 'roles/',
  itemPath: (id) => `roles/${String(id)}`,
  texts: {
    noun: 'Role',
    count: { one: 'role', many: 'roles' },
    usedBy: { one: 'user', many: 'users' },
    empty: { title: 'No roles found' },
    created: (n) => `Role ${n} created`,
    removed: '',
    confirmRemove: '',
  },
};

function renderDialog(onClose = vi.fn()) {
  const client = createQueryClient();
  client.setQueryData(resource.query().queryKey, EXISTING);
  render(
    <QueryClientProvider client={client}>
      <NewNameDialog resource={resource} existing={EXISTING} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { client, onClose };
}

const nameField = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Name' });
const type = (text: string) => {
  fireEvent.change(nameField(), { target: { value: text } });
};
const create = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Create' });

describe('the New Role / New Feature dialog', () => {
  it('applies the name rule as the user types: only letters, digits, _ and spaces stay', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'New Role' })).toBeTruthy();
    type('Night-shift planner!');
    expect(nameField().value).toBe('Nightshift planner');
    expect(screen.getByText(/^Left out: - !\./)).toBeTruthy();
    // Spaces stay while typing, so a second word can follow.
    type('Night ');
    expect(nameField().value).toBe('Night ');
  });

  it('says what is wrong: too short, or a name that exists (any case); Create stays off', () => {
    renderDialog();
    expect(create().disabled).toBe(true);
    type('a-b');
    expect(nameField().value).toBe('ab');
    expect(
      screen.getByRole('textbox', { name: 'Name', description: new RegExp(NAME_TOO_SHORT) }),
    ).toBe(nameField());
    expect(create().disabled).toBe(true);
    type('installer');
    expect(screen.getByText(NAME_TAKEN.role)).toBeTruthy();
    expect(create().disabled).toBe(true);
    type('Dispatcher');
    expect(create().disabled).toBe(false);
  });

  it('creates, toasts with the saved name, adds it to the list and closes', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl('roles/'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ Id: 9, Name: 'Night planner', UsedBy: 0 });
      }),
      http.get(apiUrl('roles/'), () => HttpResponse.json(EXISTING)),
    );
    const { client, onClose } = renderDialog();
    type('Night planner');
    fireEvent.click(create());
    await waitFor(() => {
      expect(onClose).toHaveBeenCalled();
    });
    expect(bodies).toEqual([{ name: 'Night planner' }]);
    expect(toast.success).toHaveBeenCalledWith('Role Night planner created');
    expect(client.getQueryData(resource.query().queryKey)).toContainEqual({
      Id: 9,
      Name: 'Night planner',
      UsedBy: 0,
    });
  });

  it("keeps the dialog open with the server's message on the field when it refuses", async () => {
    server.use(
      http.post(apiUrl('roles/'), () =>
        HttpResponse.json({ errors: { name: NAME_TAKEN.role } }, { status: 400 }),
      ),
    );
    const { onClose } = renderDialog();
    type('Dispatcher');
    fireEvent.click(create());
    expect(await screen.findByText(NAME_TAKEN.role)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
