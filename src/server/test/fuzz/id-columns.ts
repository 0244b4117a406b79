import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { IdKind } from '../../../shared/ids';
import {
  configurationGroups,
  customers,
  deviceForwards,
  devices,
  deviceSettings,
  deviceTestResults,
  deviceTestSettings,
  endpoints,
  forwards,
  logs,
  modemRequests,
  rawMessages,
  roles,
  features,
  rtdIntegrations,
  users,
} from '../../db/schema';

/** Where the objects of each id kind live; a new kind does not compile until it is added. */
export const ID_COLUMNS: Record<IdKind, { table: PgTable; column: PgColumn }> = {
  device: { table: devices, column: devices.id },
  customer: { table: customers, column: customers.id },
  user: { table: users, column: users.id },
  configurationGroup: { table: configurationGroups, column: configurationGroups.id },
  forward: { table: forwards, column: forwards.id },
  deviceForward: { table: deviceForwards, column: deviceForwards.id },
  deviceTestSettings: { table: deviceTestSettings, column: deviceTestSettings.id },
  deviceTestResult: { table: deviceTestResults, column: deviceTestResults.id },
  modemRequest: { table: modemRequests, column: modemRequests.id },
  setting: { table: deviceSettings, column: deviceSettings.id },
  rawMessage: { table: rawMessages, column: rawMessages.id },
  endpoint: { table: endpoints, column: endpoints.id },
  logEntry: { table: logs, column: logs.id },
  imei: { table: devices, column: devices.imei },
  role: { table: roles, column: roles.id },
  feature: { table: features, column: features.id },
  rtdIntegration: { table: rtdIntegrations, column: rtdIntegrations.id },
};
