import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from './search-rules';
import { useSettledSearchText } from './use-settled-search-text';

let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
);

function setup(initial = '') {
  const onSettle = vi.fn<(text: string) => void>();
  const hook = renderHook(
    ({ settled }: { settled: string }) => useSettledSearchText(settled, onSettle),
    { wrapper, initialProps: { settled: initial } },
  );
  const type = (text: string) => {
    act(() => {
      hook.result.current.setText(text);
    });
  };
  const wait = (ms: number) => {
    act(() => {
      vi.advanceTimersByTime(ms);
    });
  };
  return { hook, onSettle, type, wait };
}

/** Keeps a call in progress until the returned function is called. */
function startCall(): () => Promise<void> {
  let finish: (value: string) => void = () => undefined;
  act(() => {
    void client.query({
      queryKey: ['slow'],
      queryFn: () => new Promise<string>((resolve) => (finish = resolve)),
    });
  });
  return async () => {
    await act(async () => {
      finish('done');
      // React Query tells its observers on a zero timeout.
      await vi.advanceTimersByTimeAsync(0);
    });
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  client = new QueryClient();
});
afterEach(() => {
  vi.useRealTimers();
  client.clear();
});

describe('useSettledSearchText (spec 02 §4: 800 ms, no call in progress)', () => {
  it('settles the text only after 800 ms without typing', () => {
    const { onSettle, type, wait } = setup();
    type('35');
    wait(500);
    type('358');
    wait(SEARCH_DEBOUNCE_MS - 1);
    expect(onSettle).not.toHaveBeenCalled();
    wait(1);
    expect(onSettle).toHaveBeenCalledExactlyOnceWith('358');
  });

  it('waits for a call in progress instead of dropping the text', async () => {
    const { onSettle, type, wait } = setup();
    const finish = startCall();
    type('3585');
    wait(SEARCH_DEBOUNCE_MS * 3);
    expect(onSettle).not.toHaveBeenCalled();
    await finish();
    expect(onSettle).toHaveBeenCalledExactlyOnceWith('3585');
  });

  it('follows a settled text changed from outside (Back, Refresh) without settling again', () => {
    const { hook, onSettle, wait } = setup('abc');
    hook.rerender({ settled: '' });
    expect(hook.result.current.text).toBe('');
    wait(SEARCH_DEBOUNCE_MS);
    expect(onSettle).not.toHaveBeenCalled();
  });

  it('reset applies a text at once, cancelling the pending one', () => {
    const { hook, onSettle, type, wait } = setup('abc');
    type('abcd');
    act(() => {
      hook.result.current.reset('');
    });
    // The route has not caught up yet: the field asks once for the reset text, never for 'abcd'.
    wait(SEARCH_DEBOUNCE_MS);
    expect(onSettle).toHaveBeenCalledExactlyOnceWith('');
  });
});
