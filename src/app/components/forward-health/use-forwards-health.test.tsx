import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@app/lib/query-client';
import { saveSession } from '@app/lib/session';
import { startApiServer } from '@app/test/api-server';
import { loginFixture } from '@app/test/fixtures';
import { healthFixture, healthHandlers } from './test/health-fixtures';
import { useForwardsHealth } from './use-forwards-health';

const server = startApiServer();
afterEach(cleanup);

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

function renderHealth(ids: number[], pageSize?: number) {
  saveSession(loginFixture());
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook((props: { ids: number[] }) => useForwardsHealth(props.ids, pageSize), {
    wrapper,
    initialProps: { ids },
  });
}

describe('useForwardsHealth', () => {
  it('asks once per page of ids, and a page loaded later adds one call', async () => {
    const health = healthHandlers(range(1, 250).map((id) => healthFixture(id)));
    server.use(...health.handlers);
    const { result, rerender } = renderHealth(range(1, 200), 100);
    expect(result.current.of(1)).toEqual({ status: 'loading' });
    await waitFor(() => {
      expect(result.current.of(200).status).toBe('ready');
    });
    expect(health.calls).toEqual([range(1, 100), range(101, 200)]);

    rerender({ ids: range(1, 250) });
    await waitFor(() => {
      expect(result.current.of(250).status).toBe('ready');
    });
    expect(health.calls).toEqual([range(1, 100), range(101, 200), range(201, 250)]);
  });

  it('never asks for more than HEALTH_IDS_MAX ids at once', async () => {
    const health = healthHandlers([]);
    server.use(...health.handlers);
    const { result } = renderHealth(range(1, 450), 1000);
    await waitFor(() => {
      expect(result.current.of(450)).toEqual({ status: 'unknown' });
    });
    expect(health.calls.map((ids) => ids.length)).toEqual([200, 200, 50]);
  });
});
