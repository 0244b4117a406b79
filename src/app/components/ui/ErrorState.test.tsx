import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ForbiddenError, NotFoundError } from '@app/lib/api-errors';
import { ErrorState } from './ErrorState';

afterEach(cleanup);

describe('ErrorState', () => {
  it('offers Retry for a failure that asking again may fix', () => {
    const onRetry = vi.fn();
    render(
      <ErrorState
        title="The devices could not be loaded"
        error={new ApiError('Network response was not ok.', 500)}
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Network response was not ok.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it("says 'Not found' for a 404, without a Retry that cannot work", () => {
    render(
      <ErrorState title="x" error={new NotFoundError('Device not found')} onRetry={vi.fn()} />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Not found');
    expect(alert.textContent).toContain('Device not found: it does not exist');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("says 'Not allowed' for a 403, without a Retry", () => {
    render(<ErrorState title="x" error={new ForbiddenError()} onRetry={vi.fn()} />);
    expect(screen.getByRole('alert').textContent).toContain('Not allowed');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
