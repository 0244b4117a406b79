/** Query and mutation keys of the installation test screens (one factory, no inline keys). */
export const deviceTestKeys = {
  all: ['device-tests'] as const,
  settings: () => [...deviceTestKeys.all, 'settings'] as const,
  history: () => [...deviceTestKeys.all, 'history'] as const,
  saveAndStart: () => [...deviceTestKeys.all, 'save-and-start'] as const,
  run: (key: string) => [...deviceTestKeys.all, 'run', key] as const,
};

/**
 * The installation test's writes the outbox replays (under the device writes' root, like the
 * device page's, so they go out in order with the device's other changes).
 */
export const deviceTestWriteKeys = {
  start: () => ['device-write', 'test-start'] as const,
  verdict: () => ['device-write', 'test-verdict'] as const,
};
