import { sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import {
  defaultMessage,
  formToBody,
  NEW_SETTINGS_PROFILE,
  type SettingsProfileForm,
} from '@shared/settings-profiles/settings-profiles';
import { selectRows } from '@server/db/client';
import { DEFAULT_ENDPOINT_ID, DEFAULT_MESSAGE_URL } from '@server/seed/device-config';
import { customerId, useApiContext } from './api';

/** A whole wizard's values: §9's defaults, message 0 to the shared ingest endpoint. */
export const profileForm = (changes: Partial<SettingsProfileForm> = {}): SettingsProfileForm => ({
  ...NEW_SETTINGS_PROFILE,
  Name: 'Test profile',
  CustomerId: null,
  message0: { ...defaultMessage(0, DEFAULT_MESSAGE_URL), endpointID: DEFAULT_ENDPOINT_ID },
  message1: defaultMessage(1, DEFAULT_MESSAGE_URL),
  message2: defaultMessage(2, DEFAULT_MESSAGE_URL),
  ...changes,
});

/** The create / update body of `profileForm(changes)`. */
export const profileBody = (changes: Partial<SettingsProfileForm> = {}) =>
  formToBody(profileForm(changes));

/** The settings-profile tests' context: the app, two customers and the calls they share. */
export function useSettingsProfilesApi() {
  const api = useApiContext();
  const customers = { atlas: 0, nordtrack: 0 };
  beforeAll(async () => {
    customers.atlas = await customerId(api.ctx, 'Atlas Freight');
    customers.nordtrack = await customerId(api.ctx, 'NordTrack Resellers');
  });

  const send = async <T>(
    email: string,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
  ) => {
    const response = await api.call(email, method, path, body);
    expect(response.statusCode, `${email} ${method} ${path}: ${response.body}`).toBe(200);
    return response.json<T>();
  };

  return {
    api,
    customers,
    send,
    ok: <T>(email: string, path: string) => send<T>(email, 'GET', path),
    errorsOf: async (email: string, method: 'POST' | 'DELETE', path: string, body?: unknown) => {
      const response = await api.call(email, method, path, body);
      expect(response.statusCode, response.body).toBe(400);
      return response.json<{ errors: Record<string, string> }>().errors;
    },
    /** Pending (unprocessed) settings of a device, oldest first, as [name, value]. */
    pendingOf: async (deviceId: number) =>
      (
        await selectRows<{ setting_name: string; value: string }>(
          api.ctx.database.db,
          sql`select setting_name, value from device_settings
            where device_id = ${deviceId} and not processed order by id`,
        )
      ).map((r) => [r.setting_name, r.value] as const),
    /** Marks every pending setting of the devices applied (as the device link would). */
    applyAll: async (deviceIds: readonly number[]) => {
      const db = api.ctx.database.db;
      const ids = `{${deviceIds.join(',')}}`;
      await db.execute(sql`update devices d set current_config = d.current_config || d.config_overlay,
          config_overlay = '{}', in_sync = true
        where d.id = any(${ids}::int[])`);
      await db.execute(sql`update device_settings set processed = true, processed_date = now()
        where device_id = any(${ids}::int[]) and not processed`);
    },
  };
}
