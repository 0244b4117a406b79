import { http, HttpResponse } from 'msw';
import type { setupServer } from 'msw/node';
import type { Account } from '@shared/access/auth';
import type { Customer } from '@shared/customers/customers';
import { saveSession } from '@app/lib/session';
import { apiUrl } from '@app/test/api-server';
import { customerFixture, loginFixture } from '@app/test/fixtures';
import { renderRoute } from '@app/test/render-route';
import { AccountPage } from '@app/features/account/components/AccountPage';
import type { AccountTabId } from '@app/features/account/model/tabs';

export const ATLAS: Customer = customerFixture(3, 'Atlas Freight', {
  Features: ['Tacho Download'],
  FeatureIds: [1],
  RTDInterval: 24,
  RTDIntegration: true,
  RTDIntegrationId: 1,
  Integration: 'TIS-Web',
  RTDIntCustId: 'AF-20417',
  Start: '2024-01-01',
});

/** The calls the account page makes, answered as the server would; the bodies it sent, in order. */
export function serveAccount(server: ReturnType<typeof setupServer>, role = 'User') {
  const sent: { method: string; path: string; body: unknown }[] = [];
  const record = async (request: Request) => {
    sent.push({
      method: request.method,
      path: new URL(request.url).pathname.replace('/api/', ''),
      body: await request.json(),
    });
  };
  const account: Account = {
    Id: 7,
    Email: 'user@demo.test',
    Role: role,
    CustomerId: 3,
    Customer: 'Atlas Freight',
    IsReseller: false,
    Features: [],
  };
  // The customer as stored: a save changes what the next read answers.
  let stored = ATLAS;
  server.use(
    http.get(apiUrl('auth/account/7'), () => HttpResponse.json(account)),
    http.put(apiUrl('users/7'), async ({ request }) => {
      await record(request);
      return HttpResponse.json({ ...account, RoleId: 2, Email: 'saved@demo.test' });
    }),
    http.get(apiUrl('customers/3'), () => HttpResponse.json(stored)),
    http.put(apiUrl('customers/3'), async ({ request }) => {
      const body = (await request.clone().json()) as { name: string };
      await record(request);
      stored = { ...stored, Name: body.name };
      return HttpResponse.json(stored);
    }),
  );
  return sent;
}

/** The account page on one tab for a signed-in user of `role`, inside a router with /logout. */
export function renderAccountPage(tab: AccountTabId, role = 'User') {
  saveSession(loginFixture({ Id: 7, Role: role, CustomerId: 3 }));
  const { router } = renderRoute(() => <AccountPage tab={tab} />, {
    path: '/account',
    links: ['/logout'],
  });
  return router;
}
