import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, pathOf, topLevelMenu, usePortal } from './support/app';

const app = usePortal();

const { url } = app;

/** Runs in the page: a stored session as the portal keeps it (spec 01 §3). */
function storeSession({ token, expires }: { token: string; expires: number }): void {
  localStorage.setItem('accessToken', token);
  localStorage.setItem(
    'auth',
    JSON.stringify({
      Id: 1,
      Email: 'admin@demo.test',
      Customer: 'Fleet Portal Provider',
      CustomerId: 1,
      Role: 'Admin',
      IsReseller: false,
      Features: [],
      Expires: expires,
    }),
  );
}

describe('main menu per role (spec 01 §2.2) at 1440×900', () => {
  const common = ['Home', 'Customers', 'Devices', 'Forwards'];
  const cases: [string, string[]][] = [
    [
      'admin@demo.test',
      // The top bar folds SettingsProfiles, QTLibrary and Firmware into Library (decision 028).
      [...common, 'Endpoints', 'Library', 'Installation', 'Tacho', 'Admin', 'Account'],
    ],
    ['reseller@demo.test', [...common, 'Installation', 'Tacho', 'Account']],
    ['user@demo.test', [...common, 'Endpoints', 'Tacho', 'Account']],
    ['viewer@demo.test', [...common, 'Endpoints', 'Tacho', 'Account']],
  ];

  it.each(cases)('%s sees exactly its entries', async (email, expected) => {
    const { page, close } = await app.openPage();
    try {
      await app.signIn(page, email);
      expect(await topLevelMenu(page)).toEqual(expected);
    } finally {
      await close();
    }
  });

  it('shows only the Login link when signed out', async () => {
    const { page, close } = await app.openPage();
    try {
      await page.goto(url('login'));
      const nav = page.locator('nav[aria-label="Main"]:visible');
      await nav.locator('[data-menu="Login"]').waitFor();
      expect(await nav.locator('[data-menu]').count()).toBe(1);
    } finally {
      await close();
    }
  });
});

describe('session and guards (spec 01 §2.1, §4, §8)', () => {
  it.each([
    ['an expired session (guard)', -60, 'stale-token'],
    ['a token the server refuses (401)', 3600, 'forged-token'],
  ])('ends %s with the expiry alert on /login', async (_case, expiresIn, token) => {
    const { page, dialogs, close } = await app.openPage();
    try {
      await page.goto(url('login'));
      await page.evaluate(storeSession, {
        token,
        expires: Math.floor(Date.now() / 1000) + expiresIn,
      });
      await page.goto(url(''));
      await page.waitForURL((u) => u.pathname === '/login');
      await page.getByRole('button', { name: 'Log In' }).waitFor();
      expect(dialogs).toEqual(['Your session has expired. Please log in.']);
      expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
    } finally {
      await close();
    }
  });

  it('redirects a visitor without a session to /login without an alert', async () => {
    const { page, dialogs, close } = await app.openPage();
    try {
      await page.goto(url(''));
      await page.waitForURL((u) => u.pathname === '/login');
      expect(dialogs).toEqual([]);
    } finally {
      await close();
    }
  });

  it('returns to the requested page after sign-in; /login sends a signed-in user home', async () => {
    const { page, close } = await app.openPage();
    try {
      await page.goto(url('devices'));
      await page.waitForURL((u) => u.pathname === '/login');
      await page.getByLabel('Email').fill('viewer@demo.test');
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Log In' }).click();
      await page.getByRole('heading', { name: 'Devices' }).waitFor();
      expect(pathOf(page)).toBe('/devices');

      await page.goto(url('login'));
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      expect(pathOf(page)).toBe('/');
    } finally {
      await close();
    }
  });

  it('turns a non-admin away from /roles with "Hey! You\'re not allowed here!"', async () => {
    const { page, dialogs, close } = await app.openPage();
    try {
      await app.signIn(page, 'user@demo.test');
      await page.goto(url('roles'));
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      expect(pathOf(page)).toBe('/');
      expect(dialogs).toEqual(["Hey! You're not allowed here!"]);
    } finally {
      await close();
    }
  });

  it('lets an admin open /roles', async () => {
    const { page, dialogs, close } = await app.openPage();
    try {
      await app.signIn(page, 'admin@demo.test');
      await page.goto(url('roles'));
      await page.getByRole('heading', { name: 'Roles' }).waitFor();
      expect(dialogs).toEqual([]);
    } finally {
      await close();
    }
  });

  it("shows 'Oops! Page not Found' for an unknown path, with a way home", async () => {
    const { page, close } = await app.openPage();
    try {
      await page.goto(url('no/such/page'));
      await page.getByRole('heading', { name: 'Oops! Page not Found' }).waitFor();
      expect(await page.getByRole('link', { name: 'Back to the dashboard' }).count()).toBe(1);
    } finally {
      await close();
    }
  });

  it('logs out: session cleared, back on /login, and the old token refused by the API', async () => {
    const { page, close } = await app.openPage();
    try {
      await app.signIn(page, 'user@demo.test');
      const token = await page.evaluate(() => localStorage.getItem('accessToken'));
      const dashboard = () =>
        fetch(url('api/home/dashboard'), { headers: { Authorization: `Bearer ${token ?? ''}` } });
      expect((await dashboard()).status).toBe(200);
      await page.locator('[data-menu="Account"]').click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.waitForURL((u) => u.pathname === '/login');
      expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
      // The server ended the session: the token is worthless before its own expiry.
      expect((await dashboard()).status).toBe(401);
      // And the refresh cookie with it: a renewal from the page is refused.
      const renewal = await page.evaluate(async () => {
        const response = await fetch('/api/auth/refresh', { method: 'POST' });
        return response.status;
      });
      expect(renewal).toBe(401);
    } finally {
      await close();
    }
  });

  it('renews an expired access token through the refresh cookie, without an alert', async () => {
    const { page, dialogs, close } = await app.openPage();
    try {
      await app.signIn(page, 'user@demo.test');
      const before = await page.evaluate(() => localStorage.getItem('accessToken'));
      // As if the tab had slept past the token's expiry.
      await page.evaluate(() => {
        const auth = JSON.parse(localStorage.getItem('auth') ?? '{}') as { Expires: number };
        auth.Expires = Math.floor(Date.now() / 1000) - 60;
        localStorage.setItem('auth', JSON.stringify(auth));
      });
      await page.goto(url('devices'));
      await page.getByRole('heading', { name: 'Devices' }).waitFor();
      const after = await page.evaluate(() => ({
        token: localStorage.getItem('accessToken'),
        auth: JSON.parse(localStorage.getItem('auth') ?? '{}') as { Expires: number },
      }));
      expect(after.token).not.toBe(before);
      expect(after.auth.Expires).toBeGreaterThan(Date.now() / 1000 + 600);
      expect(dialogs).toEqual([]);
      const cookies = await page.context().cookies();
      expect(cookies.find((c) => c.name === 'fp_refresh')).toMatchObject({
        httpOnly: true,
        sameSite: 'Strict',
        path: '/api/auth',
      });
    } finally {
      await close();
    }
  });
});
