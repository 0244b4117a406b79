import * as v from 'valibot';
import { serverRoutes } from '@shared/api/api-paths';
import { CustomerIdParamsSchema } from '@shared/devices/devices';
import { NEW_SETTINGS_PROFILE } from '@shared/settings-profiles/settings-profile-fields';
import {
  defaultMessage,
  KEEP_SETTINGS,
  SettingsProfileBodySchema,
  SettingsProfileDeleteQuerySchema,
  SettingsProfileIdParamsSchema,
  SettingsProfileListSchema,
  SettingsProfileNameOfCustomerParamsSchema,
  SettingsProfileNameParamsSchema,
  SettingsProfilePreviewSchema,
  SettingsProfileSchema,
  formToBody,
} from '@shared/settings-profiles/settings-profiles';
import type { App } from '@server/http/types';
import type { SettingsProfileService } from './service';

const tags = ['settingsProfiles'];
/** Reads are selector lookups too (the device page's profile select): any signed-in user. */
const read = { access: 'lookups.read' } as const;
const write = { access: 'settingsProfiles.write' } as const;
const list = { 200: SettingsProfileListSchema };
const one = { 200: SettingsProfileSchema };

const url = 'https://ingest.example.com:5000/api/v1/devices';
const EXAMPLE = formToBody({
  ...NEW_SETTINGS_PROFILE,
  Name: 'Long haul tracking',
  CustomerId: null,
  message0: defaultMessage(0, url),
  message1: defaultMessage(1, url),
  message2: defaultMessage(2, url),
});
const Body = v.pipe(SettingsProfileBodySchema, v.examples([EXAMPLE]));

/** Settings profiles (spec 03 §7): lists and search for all, changes for admins. */
export function settingsProfileRoutes(app: App, service: SettingsProfileService): void {
  app.get(
    serverRoutes.settingsProfiles,
    { config: read, schema: { tags, summary: 'Shared profiles and the caller’s', response: list } },
    async (request) => service.list(await request.scope()),
  );
  app.get(
    serverRoutes.settingsProfilesOfCustomer,
    {
      config: read,
      schema: {
        tags,
        summary: 'Shared profiles and a customer’s',
        params: CustomerIdParamsSchema,
        response: list,
      },
    },
    async (request) => service.ofCustomer(await request.scope(), request.params.customerId),
  );
  app.get(
    serverRoutes.settingsProfilesByName,
    {
      config: read,
      schema: {
        tags,
        summary: 'Profiles whose Name contains the text (any case)',
        params: SettingsProfileNameParamsSchema,
        response: list,
      },
    },
    async (request) => service.byName(await request.scope(), request.params.name),
  );
  app.get(
    serverRoutes.settingsProfilesByNameOfCustomer,
    {
      config: read,
      schema: {
        tags,
        summary: 'Profiles whose Name contains the text, shared or of the customer',
        params: SettingsProfileNameOfCustomerParamsSchema,
        response: list,
      },
    },
    async (request) =>
      service.byName(await request.scope(), request.params.name, request.params.customerId),
  );
  app.get(
    serverRoutes.settingsProfile,
    {
      config: read,
      schema: {
        tags,
        summary: 'One profile',
        params: SettingsProfileIdParamsSchema,
        response: one,
      },
    },
    async (request) => service.get(await request.scope(), request.params.id),
  );
  app.post(
    serverRoutes.settingsProfiles,
    {
      config: write,
      schema: { tags, summary: 'Create a profile; answers it', body: Body, response: one },
    },
    async (request) => service.create(request.caller, await request.scope(), request.body),
  );
  app.post(
    serverRoutes.settingsProfile,
    {
      config: write,
      schema: {
        tags,
        summary: 'Update a profile and re-target every device using it; answers it',
        description:
          'In one transaction: each device whose wanted configuration names the profile gets a ' +
          'pending setting for every value of the profile it does not already want.',
        params: SettingsProfileIdParamsSchema,
        body: Body,
        response: one,
      },
    },
    async (request) =>
      service.update(request.caller, await request.scope(), request.params.id, request.body),
  );
  app.post(
    serverRoutes.settingsProfilePreview,
    {
      config: write,
      schema: {
        tags,
        summary: 'What an update with this body would do to the profile’s devices',
        params: SettingsProfileIdParamsSchema,
        body: Body,
        response: { 200: SettingsProfilePreviewSchema },
      },
    },
    async (request) => service.preview(await request.scope(), request.params.id, request.body),
  );
  app.delete(
    serverRoutes.settingsProfile,
    {
      config: write,
      schema: {
        tags,
        summary: `Remove a profile; one in use needs ?devices=${KEEP_SETTINGS} (400 { devices })`,
        description: `With devices=${KEEP_SETTINGS} its devices keep their settings and get no profile.`,
        params: SettingsProfileIdParamsSchema,
        querystring: SettingsProfileDeleteQuerySchema,
        response: one,
      },
    },
    async (request) =>
      service.remove(
        request.caller,
        await request.scope(),
        request.params.id,
        request.query.devices === KEEP_SETTINGS,
      ),
  );
}
