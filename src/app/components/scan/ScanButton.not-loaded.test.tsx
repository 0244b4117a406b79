import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { ScanButton } from './ScanButton';

// The dialog's file fails to download (offline before the service worker stored it).
vi.mock('./ScanDialog', () => {
  throw new Error('Failed to fetch dynamically imported module');
});
afterEach(cleanup);

it('says so when the scanner could not be loaded, instead of doing nothing', async () => {
  render(<ScanButton onScan={vi.fn()} />);
  fireEvent.click(screen.getByRole('button', { name: 'Scan' }));
  const dialog = await screen.findByRole('dialog', { name: 'The scanner could not be loaded' });
  expect(dialog.textContent).toContain('Check the connection and try again');
});
