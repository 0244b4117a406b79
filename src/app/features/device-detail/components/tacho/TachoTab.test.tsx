import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { saveSession } from '@app/lib/session';
import { loginFixture } from '@app/test/fixtures';
import { configFixture, deviceFixture } from '@app/features/device-detail/test/device-fixture';
import { setupMockApi } from '@app/features/device-detail/test/msw';
import { renderWithProviders } from '@app/features/device-detail/test/render';
import { TachoTab } from './TachoTab';

vi.mock('@app/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

setupMockApi();

describe('TachoTab', () => {
  it('clamps the RDL address to 251–254 when the field is left', async () => {
    saveSession(loginFixture({ Role: 'User' }));
    renderWithProviders(<TachoTab device={deviceFixture()} />);
    const address = await screen.findByLabelText<HTMLInputElement>('Tacho RDL address');
    fireEvent.change(address, { target: { value: '300' } });
    fireEvent.blur(address);
    expect(address.value).toBe('254');
    fireEvent.change(address, { target: { value: '12' } });
    fireEvent.blur(address);
    expect(address.value).toBe('251');
  });

  it('shows N/A and locks the RDL address when it is 9999', async () => {
    saveSession(loginFixture({ Role: 'User' }));
    const config = configFixture({}, { TachoType: '0', TachoRDLAdress: '9999' });
    renderWithProviders(
      <TachoTab device={deviceFixture({ CurrentConfig: config, NewConfig: config })} />,
    );
    const address = await screen.findByLabelText<HTMLInputElement>('Tacho RDL address');
    expect(address.disabled).toBe(true);
    expect(address.value).toBe('');
    expect(address.placeholder).toBe('N/A');
    expect(screen.getByLabelText<HTMLSelectElement>('Tacho type').value).toBe('0');
    expect(screen.getByRole('option', { name: 'CAN 3' })).toBeTruthy();
  });
});
