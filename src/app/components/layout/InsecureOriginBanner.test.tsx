import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  INSECURE_ORIGIN_SEEN_KEY,
  INSECURE_ORIGIN_TEXT,
  InsecureOriginBanner,
} from './InsecureOriginBanner';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('the insecure-origin notice', () => {
  it('says what plain http costs until acknowledged, then never again in this browser', () => {
    const first = render(<InsecureOriginBanner />);
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain('Not a secure address (http).');
    expect(notice.textContent).toContain(INSECURE_ORIGIN_TEXT);
    // Everything plain http costs, and the one step that ends it (decision 068).
    for (const missing of ['Offline use', 'installing the app', 'camera'])
      expect(notice.textContent).toContain(missing);
    expect(notice.textContent).toContain('HTTPS=1 npm start (README: Try it on a phone).');
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(localStorage.getItem(INSECURE_ORIGIN_SEEN_KEY)).not.toBeNull();

    first.unmount();
    render(<InsecureOriginBanner />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
