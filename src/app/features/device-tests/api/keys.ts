/** Query and mutation keys of the installation test screens (one factory, no inline keys). */
export const deviceTestKeys = {
  all: ['device-tests'] as const,
  settings: () => [...deviceTestKeys.all, 'settings'] as const,
  history: () => [...deviceTestKeys.all, 'history'] as const,
  saveAndStart: () => [...deviceTestKeys.all, 'save-and-start'] as const,
};
