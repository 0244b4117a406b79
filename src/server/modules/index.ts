import { authModule } from './auth';
import { authServersModule } from './auth-servers';
import { canConfigsModule } from './can-configs';
import { companyCardsModule } from './company-cards';
import { configurationGroupsModule } from './configuration-groups';
import { customersModule } from './customers';
import { customTestDataModule } from './custom-test-data';
import { deviceAssignmentsModule } from './device-assignments';
import { deviceCredentialsModule } from './device-credentials';
import { deviceForwardsModule } from './device-forwards';
import { deviceSettingsModule } from './device-settings';
import { deviceTestsModule } from './device-tests';
import { devicesModule } from './devices';
import { endpointsModule } from './endpoints';
import { featuresModule } from './features';
import { firmwaresModule } from './firmwares';
import { forwardsModule } from './forwards';
import { healthModule } from './health';
import { homeModule } from './home';
import { logModule } from './log';
import type { ServerModule } from './module';
import { modemRequestsModule } from './modem-requests';
import { rawMessagesModule } from './raw-messages';
import { rolesModule } from './roles';
import { rolloutsModule } from './rollouts';
import { settingsProfilesModule } from './settings-profiles';
import { tachoRequestsModule } from './tacho-requests';
import { tachoModule } from './tacho';
import { usersModule } from './users';

/** Every area of the API, registered by `buildApp` inside the guarded /api scope. */
export const SERVER_MODULES: readonly ServerModule[] = [
  healthModule,
  authModule,
  homeModule,
  devicesModule,
  deviceAssignmentsModule,
  modemRequestsModule,
  deviceSettingsModule,
  deviceForwardsModule,
  deviceCredentialsModule,
  configurationGroupsModule,
  customersModule,
  usersModule,
  rolesModule,
  featuresModule,
  settingsProfilesModule,
  endpointsModule,
  forwardsModule,
  canConfigsModule,
  firmwaresModule,
  rolloutsModule,
  customTestDataModule,
  deviceTestsModule,
  logModule,
  rawMessagesModule,
  authServersModule,
  companyCardsModule,
  tachoRequestsModule,
  tachoModule,
];
