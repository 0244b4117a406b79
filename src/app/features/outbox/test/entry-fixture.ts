import type { OutboxEntry } from '@app/features/outbox/model/entries';

/** An Outbox entry as the screen sees it: a sent settings change unless told otherwise. */
export const entryFixture = (overrides: Partial<OutboxEntry>): OutboxEntry => ({
  mutationId: 1,
  id: 'k',
  kind: 'settings',
  deviceId: 1,
  imei: '1',
  title: '',
  detail: '',
  createdAt: 0,
  status: 'sent',
  failure: null,
  attempts: 0,
  variables: { deviceId: 1, imei: '1', settings: [{ SettingName: 'a', Value: '2' }] },
  answer: undefined,
  ...overrides,
});
