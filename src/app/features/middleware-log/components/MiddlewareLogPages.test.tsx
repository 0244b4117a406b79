import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LogEntry } from '@shared/log/operator-log';
import type { RawMessage } from '@shared/devices/raw-messages';
import { prefixRange } from '@shared/api/timestamp-search';
import type { ListSearch } from '@app/components/list';
import { giveElementsASize } from '@app/components/list/test/layout';
import { saveSession } from '@app/lib/session';
import { apiUrl } from '@app/test/api-server';
import { loginFixture } from '@app/test/fixtures';
import { renderRoute } from '@app/test/render-route';
import { LogPage } from './LogPage';
import { RawMessagesPage } from './RawMessagesPage';

vi.mock('@app/lib/toast', () => ({
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
}));

const server = setupServer();
let restoreSize: () => void;
let calls: string[];
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  restoreSize = giveElementsASize();
  calls = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    calls.push(`${url.pathname.replace('/api/', '')}${url.search}`);
  });
  saveSession(loginFixture({ Role: 'Admin' }));
});
afterEach(() => {
  cleanup();
  restoreSize();
  server.resetHandlers();
  server.events.removeAllListeners();
  localStorage.clear();
});
afterAll(() => {
  server.close();
});

function renderWithSearch<F extends string>(
  Page: (binding: {
    search: ListSearch<F>;
    onSearchChange: (s: ListSearch<F>) => void;
  }) => React.ReactNode,
  initial: ListSearch<F>,
) {
  function Screen() {
    const [search, setSearch] = useState(initial);
    return <Page search={search} onSearchChange={setSearch} />;
  }
  return renderRoute(Screen);
}

const entry = (id: number, over: Partial<LogEntry> = {}): LogEntry => ({
  Id: id,
  TimeStamp: '2026-03-05T10:11:12Z',
  Message: `Entry ${id}`,
  Level: 'Information',
  ...over,
});

describe('LogPage', () => {
  it('shows TimeStamp, Log and Level newest first, and the empty text', async () => {
    server.use(
      http.get(apiUrl('log/chunk/'), () =>
        HttpResponse.json([entry(9, { Level: 'Error', Message: 'Forward refused' }), entry(8)]),
      ),
      http.get(apiUrl('log/all/'), () => HttpResponse.json(2)),
    );
    renderWithSearch(LogPage, { filter: 'Message', text: '', customerId: null });
    expect(await screen.findByText('Forward refused')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'TimeStamp',
      'Log',
      'Level',
    ]);
    expect(screen.getByRole('heading', { name: 'Log' })).toBeTruthy();
    expect(screen.getAllByText(/^\d{2}-\d{2}-2026 \d{2}:\d{2}:12$/)).toHaveLength(2);
    expect(screen.getByText('Error').className).toContain('red');
  });

  it("says 'No logs found' for an empty log", async () => {
    server.use(
      http.get(apiUrl('log/chunk/'), () => HttpResponse.json([])),
      http.get(apiUrl('log/all/'), () => HttpResponse.json(0)),
    );
    renderWithSearch(LogPage, { filter: 'Message', text: '', customerId: null });
    expect(await screen.findByText('No logs found')).toBeTruthy();
  });

  it('sends a TimeStamp search as the range it means in this timezone', async () => {
    server.use(
      http.get(apiUrl('log/chunk/'), () => HttpResponse.json([entry(1)])),
      http.get(apiUrl('log/all/'), () => HttpResponse.json(1)),
      http.get(apiUrl('log/search/*'), () => HttpResponse.json([entry(1)])),
    );
    renderWithSearch(LogPage, { filter: 'TimeStamp', text: '05-03-2026 10', customerId: null });
    const { from, to } = prefixRange({ year: 2026, month: 3, day: 5, hour: 10 }, 'local');
    const range = encodeURIComponent(`${from.toISOString()}~${to.toISOString()}`);
    await waitFor(() => {
      expect(calls).toContain(`log/search/TimeStamp/${range}`);
    });
  });
});

const message = (id: number, over: Partial<RawMessage> = {}): RawMessage => ({
  Id: id,
  TimeStampServer: '2026-03-05T10:11:12Z',
  ValidJson: true,
  Message: `{"IMEI":"35000000000000${id}","Speed":${id}}`,
  ...over,
});

describe('RawMessagesPage', () => {
  it('shows Valid JSON as Yes/No, the message whole when a row opens, and End of Data', async () => {
    server.use(
      http.get(apiUrl('rawmessages/chunk/'), () =>
        HttpResponse.json([message(2), message(1, { ValidJson: false, Message: '{"IMEI":"35' })]),
      ),
      http.get(apiUrl('rawmessages/all/'), () => HttpResponse.json(2)),
    );
    renderWithSearch(RawMessagesPage, { filter: 'Message', text: '', customerId: null });
    expect(await screen.findByText('{"IMEI":"350000000000002","Speed":2}')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(
      expect.arrayContaining(['TimeStamp', 'Valid JSON', 'RawMessage']),
    );
    expect(screen.getByText('Yes')).toBeTruthy();
    expect(screen.getByText('No')).toBeTruthy();
    expect(screen.getByText('End of Data')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show message 2' }));
    const details = await screen.findByText((_, el) => el?.tagName === 'PRE');
    expect(details.textContent).toBe('{\n  "IMEI": "350000000000002",\n  "Speed": 2\n}');
  });

  it("says 'No messages found' when a search finds nothing", async () => {
    server.use(http.get(apiUrl('rawmessages/search/*'), () => HttpResponse.json([])));
    renderWithSearch(RawMessagesPage, { filter: 'Message', text: 'nothing', customerId: null });
    expect(await screen.findByText('No messages found')).toBeTruthy();
    expect(calls).toContain('rawmessages/search/Message/nothing');
  });
});
