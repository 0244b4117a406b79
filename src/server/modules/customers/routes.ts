import { serverRoutes } from '@shared/api/api-paths';
import {
  CustomerCreateSchema,
  CustomerIdParamsSchema,
  CustomerListSchema,
  CustomerSchema,
  CustomerUpdateSchema,
  RtdIntegrationListSchema,
} from '@shared/customers/customers';
import type { App } from '@server/http/types';
import type { CustomerService } from './service';

const tags = ['customers'];

/** Customers (spec 02 §7): the list and selectors, create, update, deactivate, RTD types. */
export function customerRoutes(app: App, service: CustomerService): void {
  app.get(
    serverRoutes.customers,
    {
      config: { access: 'customers.read' },
      schema: {
        tags,
        summary: 'Active customers in the caller’s tree, by name (the list and every selector)',
        response: { 200: CustomerListSchema },
      },
    },
    async (request) => service.list(await request.scope()),
  );

  app.get(
    serverRoutes.rtdIntegrations,
    {
      config: { access: 'customers.read' },
      schema: {
        tags,
        summary: 'Tachograph remote-download integration types',
        response: { 200: RtdIntegrationListSchema },
      },
    },
    () => service.integrations(),
  );

  app.get(
    serverRoutes.customer,
    {
      config: { access: 'customers.read' },
      schema: { tags, params: CustomerIdParamsSchema, response: { 200: CustomerSchema } },
    },
    async (request) => service.get(await request.scope(), request.params.id),
  );

  app.post(
    serverRoutes.customers,
    {
      config: { access: 'customers.create' },
      schema: {
        tags,
        summary: 'Create a customer (a reseller: under itself)',
        body: CustomerCreateSchema,
        response: { 200: CustomerSchema },
      },
    },
    async (request) => service.create(request.caller, await request.scope(), request.body),
  );

  app.put(
    serverRoutes.customer,
    {
      config: { access: 'customers.update' },
      schema: {
        tags,
        summary: 'Update a customer (the account page: one’s own)',
        params: CustomerIdParamsSchema,
        body: CustomerUpdateSchema,
        response: { 200: CustomerSchema },
      },
    },
    async (request) =>
      service.update(request.caller, await request.scope(), request.params.id, request.body),
  );

  app.delete(
    serverRoutes.customer,
    {
      config: { access: 'customers.delete' },
      schema: {
        tags,
        summary: 'Deactivate a customer (not one’s own); its devices and history stay',
        params: CustomerIdParamsSchema,
        response: { 200: CustomerSchema },
      },
    },
    async (request) => service.deactivate(request.caller, await request.scope(), request.params.id),
  );
}
