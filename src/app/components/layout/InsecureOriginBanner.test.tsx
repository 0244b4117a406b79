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
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(localStorage.getItem(INSECURE_ORIGIN_SEEN_KEY)).not.toBeNull();

    first.unmount();
    render(<InsecureOriginBanner />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
