import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '@shared/customers/dashboard';
import { createQueryClient } from '@app/lib/query-client';
import { saveSession } from '@app/lib/session';
import { loginFixture } from '@app/test/fixtures';
import { DashboardPage } from './DashboardPage';

vi.mock('@app/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const dashboardUrl = new URL('/api/home/dashboard', window.location.origin).toString();
const server = setupServer();
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => {
  server.close();
});

// No messages at all, so the chart (uPlot needs a real canvas) stays out of happy-dom.
const quiet: Dashboard = {
  deviceCount: 1234,
  forwards: 2,
  rawMessages: 0,
  logs: 0,
  lastMsg: null,
  Messages: [{ Date: '2026-11-22', Total: 0 }],
  weekly: [{ Date: '2026-11-22', Total: 0 }],
  invalidmsg: [
    { name: 'ValidJson', Value: 1 },
    { name: 'Other', Value: 3 },
  ],
  insync: [
    { name: 'Insync', Value: 2 },
    { name: 'Other', Value: 2 },
  ],
};

function renderPage(client: QueryClient = createQueryClient()) {
  render(
    <QueryClientProvider client={client}>
      <DashboardPage />
    </QueryClientProvider>,
  );
}

describe('DashboardPage', () => {
  it('shows skeletons, then the stats; Logs only above 0, None without messages', async () => {
    saveSession(loginFixture());
    server.use(http.get(dashboardUrl, () => HttpResponse.json(quiet)));
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading the dashboard' })).toBeTruthy();

    expect(await screen.findByText('1,234')).toBeTruthy();
    expect(screen.queryByText('Logs')).toBeNull();
    expect(screen.getAllByText('None')).toHaveLength(2);
    expect(screen.getByText('Your device message count will be shown here.')).toBeTruthy();
    // Quality charts are for admins only.
    expect(screen.queryByText('Device Config Status')).toBeNull();
  });

  it('gives admins both quality pies with the shared slice labels', async () => {
    saveSession(loginFixture({ Role: 'Admin' }));
    server.use(http.get(dashboardUrl, () => HttpResponse.json(quiet)));
    renderPage();
    expect(await screen.findByText('1,234')).toBeTruthy();
    expect(screen.getByText('RawMessage Quality(Last Week)')).toBeTruthy();
    expect(screen.getByText('Device Config Status')).toBeTruthy();
    expect(screen.getByText('Invalid Json')).toBeTruthy();
    expect(screen.getByText('Out of Sync')).toBeTruthy();
    expect(
      screen.getByRole('img', { name: 'Device Config Status: Out of Sync 2, Other 2' }),
    ).toBeTruthy();
  });

  it('shows a failure with a Retry that loads the data', async () => {
    saveSession(loginFixture());
    let calls = 0;
    server.use(
      http.get(dashboardUrl, () => {
        calls += 1;
        return calls === 1 ? new HttpResponse(null, { status: 500 }) : HttpResponse.json(quiet);
      }),
    );
    renderPage();
    expect(await screen.findByText('The dashboard could not be loaded')).toBeTruthy();
    expect(screen.getByText('Network response was not ok.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1,234')).toBeTruthy();
  });
});
