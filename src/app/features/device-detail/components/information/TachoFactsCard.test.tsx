import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from '@app/lib/toast';
import { describe, expect, it, vi } from 'vitest';
import { saveSession } from '@app/lib/session';
import { loginFixture } from '@app/test/fixtures';
import { deviceFixture } from '@app/features/device-detail/test/device-fixture';
import { lookupHandlers } from '@app/features/device-detail/test/handlers';
import { setupMockApi } from '@app/features/device-detail/test/msw';
import { apiUrl, renderWithProviders } from '@app/features/device-detail/test/render';
import { InformationTab } from './InformationTab';
import { REQUEST_DOWNLOAD } from './TachoFactsCard';

vi.mock('@app/lib/toast', () => ({
  toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

const server = setupMockApi();
const TACHO = ['Tacho Download'];
const DAY_MS = 86_400_000;

const withDownload = (daysAgo: number) =>
  deviceFixture({
    Tacho: {
      Latest: {
        FileId: 5,
        LicensePlate: 'AB-123-C',
        Uploaded: new Date(Date.now() - daysAgo * DAY_MS).toISOString(),
        PeriodTo: new Date(Date.now() - daysAgo * DAY_MS).toISOString(),
        ValidState: 1,
      },
      Request: null,
    },
  });

const fact = (label: string) => {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
};

describe('the Tachograph card of the Information tab', () => {
  it('shows last download, days left (negative in red) and next RDL with the feature', async () => {
    saveSession(loginFixture({ Role: 'Viewer', Features: TACHO }));
    server.use(...lookupHandlers());
    renderWithProviders(<InformationTab device={withDownload(94.5)} />);
    await screen.findByRole('heading', { name: 'Tachograph' });
    // 4.5 days overdue: 4 whole days (the shared rule counts toward zero).
    expect(fact('Days left').textContent).toBe('-4');
    expect(fact('Days left').className).toContain('text-rose-700');
    expect(fact('Licence plate').textContent).toBe('AB-123-C');
    expect(fact('Next RDL').textContent).toMatch(/^\d\d-\d\d-\d{4}$/);
    // A Viewer may not ask for downloads.
    expect(screen.queryByRole('button', { name: REQUEST_DOWNLOAD })).toBeNull();
  });

  it('is absent without the feature', async () => {
    saveSession(loginFixture({ Role: 'User', Features: [] }));
    server.use(...lookupHandlers());
    renderWithProviders(<InformationTab device={withDownload(10)} />);
    await screen.findByText('Config in sync');
    expect(screen.queryByRole('heading', { name: 'Tachograph' })).toBeNull();
  });

  it('requests a download and toasts the answer text', async () => {
    saveSession(loginFixture({ Role: 'User', Features: TACHO }));
    const asked: string[] = [];
    server.use(
      ...lookupHandlers(),
      http.post(apiUrl('rtddata/requestMassDownload/:imei'), ({ params }) => {
        asked.push(String(params.imei));
        return HttpResponse.json('Remote download requested for vehicle AB-123-C (IMEI 1)', {
          status: 201,
        });
      }),
    );
    const device = deviceFixture();
    renderWithProviders(<InformationTab device={device} />);
    expect((await screen.findByText('No Download')).className).toContain('text-amber-800');
    fireEvent.click(screen.getByRole('button', { name: REQUEST_DOWNLOAD }));
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith(
        'Remote download requested for vehicle AB-123-C (IMEI 1)',
      );
    });
    expect(asked).toEqual([device.IMEI]);
  });
});
