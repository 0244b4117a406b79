import * as v from 'valibot';
import { tachoServerRoutes } from '@shared/tacho/api-paths-tacho';
import {
  CompanyCardCreateSchema,
  CompanyCardIdParamsSchema,
  CompanyCardListSchema,
  CompanyCardSchema,
  CompanyCardUpdateSchema,
} from '@shared/tacho/company-cards';
import { CustomerIdParamsSchema } from '@shared/devices/device-requests';
import type { App } from '@server/http/types';
import type { CompanyCardService } from './service';

const tags = ['companycards'];
const read = { access: 'companyCards.read' } as const;
const one = { 200: CompanyCardSchema };
const list = { 200: v.pipe(CompanyCardListSchema, v.description('Ordered by Id ascending')) };

/**
 * Company cards (spec 02 §7 names only the PUT; the rest is decision 035): the caller's tree's
 * cards, one customer's, create and remove (admins), change with the Devices list (writers).
 */
export function companyCardRoutes(app: App, service: CompanyCardService): void {
  app.get(
    tachoServerRoutes.companyCards,
    {
      config: read,
      schema: { tags, summary: "The company cards of the caller's tree", response: list },
    },
    async (request) => service.list(await request.scope()),
  );
  app.get(
    tachoServerRoutes.companyCardsOfCustomer,
    {
      config: read,
      schema: {
        tags,
        summary: "One customer's company cards (the customer detail's tab)",
        params: CustomerIdParamsSchema,
        response: list,
      },
    },
    async (request) => service.ofCustomer(await request.scope(), request.params.customerId),
  );
  app.post(
    tachoServerRoutes.companyCards,
    {
      config: { access: 'companyCards.manage' },
      schema: {
        tags,
        summary: 'Create a company card, with the devices it serves; answers it',
        body: CompanyCardCreateSchema,
        response: one,
      },
    },
    async (request) => service.create(request.caller, await request.scope(), request.body),
  );
  app.put(
    tachoServerRoutes.companyCard,
    {
      config: { access: 'companyCards.write' },
      schema: {
        tags,
        summary:
          'Change a company card; Devices (IMEIs of its customer) replaces the list served. ' +
          'The customer changes only while the card serves no device (400 otherwise).',
        params: CompanyCardIdParamsSchema,
        body: CompanyCardUpdateSchema,
        response: one,
      },
    },
    async (request) =>
      service.update(request.caller, await request.scope(), request.params.id, request.body),
  );
  app.delete(
    tachoServerRoutes.companyCard,
    {
      config: { access: 'companyCards.manage' },
      schema: {
        tags,
        summary: 'Remove a company card; the devices it served are let go',
        params: CompanyCardIdParamsSchema,
        response: one,
      },
    },
    async (request) => service.remove(request.caller, await request.scope(), request.params.id),
  );
}
