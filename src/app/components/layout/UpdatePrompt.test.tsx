import { cleanup, render } from '@testing-library/react';
import { toast } from '@app/lib/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UPDATE_READY_MESSAGE, UpdatePrompt } from './UpdatePrompt';

vi.mock('@app/lib/toast', () => ({ toast: vi.fn() }));

// A stand-in for workbox-window's Workbox: records listeners so the test can fire its events.
const workbox = vi.hoisted(() => {
  const listeners = new Map<string, (() => void)[]>();
  return {
    listeners,
    fire: (type: string) => {
      for (const listener of listeners.get(type) ?? []) listener();
    },
    register: vi.fn(() => Promise.resolve(undefined)),
    messageSkipWaiting: vi.fn(),
  };
});
vi.mock('workbox-window', () => ({
  Workbox: class {
    addEventListener(type: string, listener: () => void) {
      workbox.listeners.set(type, [...(workbox.listeners.get(type) ?? []), listener]);
    }
    removeEventListener(type: string, listener: () => void) {
      workbox.listeners.set(
        type,
        (workbox.listeners.get(type) ?? []).filter((l) => l !== listener),
      );
    }
    register = workbox.register;
    messageSkipWaiting = workbox.messageSkipWaiting;
    update = vi.fn();
  },
}));

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.restoreAllMocks();
  workbox.listeners.clear();
  vi.clearAllMocks();
});

interface ToastOptions {
  action: { label: string; onClick: () => void };
}

describe('UpdatePrompt', () => {
  it('registers the service worker and offers Reload when a new build is waiting', () => {
    // happy-dom has no service workers; the component only checks that the API exists.
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    render(<UpdatePrompt />);
    expect(workbox.register).toHaveBeenCalledOnce();
    expect(toast).not.toHaveBeenCalled();

    workbox.fire('waiting');
    const [message, options] = vi.mocked(toast).mock.calls[0] as unknown as [string, ToastOptions];
    expect(message).toBe(UPDATE_READY_MESSAGE);
    expect(options.action.label).toBe('Reload');

    // Reload asks the waiting worker to take over, and reloads once it controls the page.
    options.action.onClick();
    expect(workbox.messageSkipWaiting).toHaveBeenCalledOnce();
    expect(reload).not.toHaveBeenCalled();
    workbox.fire('controlling');
    expect(reload).toHaveBeenCalledOnce();
  });
});
