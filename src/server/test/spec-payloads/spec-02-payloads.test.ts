import { describe, expect, it } from 'vitest';
import type { AuthServer } from '@shared/access/auth-servers';
import type { CompanyCard } from '@shared/tacho/company-cards';
import type { Customer, RtdIntegration } from '@shared/customers/customers';
import type { Endpoint } from '@shared/forwards/endpoints';
import type { User } from '@shared/access/users';
import { ADMIN, customerId, deviceOf, useApiContext, USER } from '@server/test/api';
import { callWith, featureId, mustSignIn, roleId, signIn } from '@server/test/admin';
import { accepted } from './support';

// Spec 02 §7 (and §3's payloads): each create and update call with its payload exactly as listed.
const api = useApiContext();
const { call } = api;
const ok = <T>(email: string, method: 'POST' | 'PUT' | 'GET', path: string, body?: unknown) =>
  accepted<T>(call, email, method, path, body);

describe('Users: POST /users/, PUT /users/{id} with the user payload (customerId, email, password, roleId)', () => {
  it('creates a user from the payload alone: no password confirmation is the API’s', async () => {
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    const created = await ok<User>(USER, 'POST', 'users/', {
      customerId: atlas,
      email: 'dispatch@atlas.example',
      password: 'Dispatch-2025!',
      roleId: await roleId(api.ctx, 'Viewer'),
    });
    expect(created).toMatchObject({ Email: 'dispatch@atlas.example', Role: 'Viewer' });
    expect(await signIn(api.ctx, 'dispatch@atlas.example', 'Dispatch-2025!')).not.toBeNull();
  });

  it('updates a user from the payload, with a new password or without one (blank is not sent)', async () => {
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    const { Id } = await ok<User>(USER, 'POST', 'users/', {
      customerId: atlas,
      email: 'planner@atlas.example',
      password: 'Planner-2025!',
      roleId: await roleId(api.ctx, 'Viewer'),
    });
    const user = await roleId(api.ctx, 'User');
    const updated = await ok<User>(USER, 'PUT', `users/${Id}`, {
      customerId: atlas,
      email: 'planning@atlas.example',
      roleId: user,
    });
    expect(updated).toMatchObject({ Email: 'planning@atlas.example', Role: 'User' });
    await ok(USER, 'PUT', `users/${Id}`, {
      customerId: atlas,
      email: 'planning@atlas.example',
      password: 'Planning-2026!',
      roleId: user,
    });
    expect(await signIn(api.ctx, 'planning@atlas.example', 'Planning-2026!')).not.toBeNull();
  });

  it('the profile save sends email and optionally password and passwordConf', async () => {
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    const { Id } = await ok<User>(USER, 'POST', 'users/', {
      customerId: atlas,
      email: 'yard@atlas.example',
      password: 'Yard-2025!',
      roleId: await roleId(api.ctx, 'User'),
    });
    const own = callWith(api.ctx, await mustSignIn(api.ctx, 'yard@atlas.example', 'Yard-2025!'));
    const renamed = await own('PUT', `users/${Id}`, { email: 'yard.office@atlas.example' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const session = await mustSignIn(api.ctx, 'yard.office@atlas.example', 'Yard-2025!');
    const rekeyed = await callWith(api.ctx, session)('PUT', `users/${Id}`, {
      email: 'yard.office@atlas.example',
      password: 'Yard-2026!',
      passwordConf: 'Yard-2026!',
    });
    expect(rekeyed.statusCode, rekeyed.body).toBe(200);
    expect(await signIn(api.ctx, 'yard.office@atlas.example', 'Yard-2026!')).not.toBeNull();
  });
});

describe('Customers: POST customers/ and PUT customers/{id} with the customer create payload', () => {
  it('takes an integration that is off with its ids sent as 0', async () => {
    const nordtrack = await customerId(api.ctx, 'NordTrack Resellers');
    const created = await ok<Customer>(ADMIN, 'POST', 'customers/', {
      name: 'Baltic Reefers',
      country: 'LT',
      start: '2025-03-01',
      isReseller: false,
      resellerId: nordtrack,
      features: [await featureId(api.ctx, 'Tacho Download')],
      RTDInterval: 15,
      RTDIntegration: false,
      RTDIntegrationId: 0,
      RTDIntCustId: 0,
      Email: 'office@balticreefers.example',
    });
    const stored = await ok<Customer>(ADMIN, 'GET', `customers/${created.Id}`);
    expect(stored).toMatchObject({
      Name: 'Baltic Reefers',
      Country: 'LT',
      Start: '2025-03-01',
      Reseller: nordtrack,
      Features: ['Tacho Download'],
      RTDInterval: 15,
      RTDIntegration: false,
      RTDIntegrationId: null,
      RTDIntCustId: null,
      Email: 'office@balticreefers.example',
    });
  });

  it('takes an integration that is on, its customer id as text or as a number', async () => {
    const [tisWeb] = (await ok<RtdIntegration[]>(ADMIN, 'GET', 'customers/RTDIntegrations')).filter(
      (i) => i.Name === 'TIS-Web',
    );
    const payload = {
      name: 'Danube Cargo',
      country: 'AT',
      start: '2025-04-01',
      isReseller: false,
      resellerId: null,
      features: [],
      RTDInterval: 20,
      RTDIntegration: true,
      RTDIntegrationId: tisWeb?.Id,
      RTDIntCustId: 40517,
      Email: 'fleet@danubecargo.example',
    };
    const created = await ok<Customer>(ADMIN, 'POST', 'customers/', payload);
    expect(created).toMatchObject({ Integration: 'TIS-Web', RTDIntCustId: '40517' });
    const updated = await ok<Customer>(ADMIN, 'PUT', `customers/${created.Id}`, {
      ...payload,
      name: 'Danube Cargo Linz',
      RTDIntCustId: 'DC-40517',
    });
    expect(updated).toMatchObject({ Name: 'Danube Cargo Linz', RTDIntCustId: 'DC-40517' });
    const off = await ok<Customer>(ADMIN, 'PUT', `customers/${created.Id}`, {
      ...payload,
      RTDIntegration: false,
      RTDIntegrationId: 0,
      RTDIntCustId: 0,
    });
    expect(off).toMatchObject({ RTDIntegration: false, RTDIntCustId: null });
  });
});

describe('Endpoints: POST endpoints/, PUT endpoints/{id} with the endpoint’s fields', () => {
  it('creates and updates an endpoint', async () => {
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    const created = await ok<Endpoint>(USER, 'POST', 'endpoints/', {
      CustomerId: atlas,
      Name: 'Atlas ingest',
      URL: 'https://ingest.atlasfreight.example/messages',
      Protocol: 1,
    });
    const updated = await ok<Endpoint>(USER, 'PUT', `endpoints/${created.Id}`, {
      CustomerId: atlas,
      Name: 'Atlas ingest TCP',
      URL: 'tcp://ingest.atlasfreight.example:5100',
      Protocol: 3,
    });
    expect(updated).toMatchObject({ Name: 'Atlas ingest TCP', Protocol: 3 });
  });
});

describe('Company cards: PUT /companycards/{id} with the card fields including Devices', () => {
  it('stores the card as sent', async () => {
    const [card] = await ok<CompanyCard[]>(USER, 'GET', 'companycards/');
    if (!card) throw new Error('no demo company card');
    const device = await deviceOf(api.ctx, 'Atlas Freight', 3);
    const updated = await ok<CompanyCard>(USER, 'PUT', `companycards/${card.Id}`, {
      Id: card.Id,
      CardNumber: card.CardNumber,
      CompanyName: 'Atlas Freight Logistics',
      ValidUntil: '2031-06-30',
      Customer: card.Customer,
      CustomerId: card.CustomerId,
      AuthServerId: card.AuthServerId,
      AuthServer: card.AuthServer,
      Devices: [device.imei],
    });
    expect(updated).toMatchObject({
      CompanyName: 'Atlas Freight Logistics',
      Devices: [device.imei],
    });
  });
});

describe('Authentication servers: POST authservers/, PUT authservers/{id}', () => {
  it('creates and updates a server with { customerId, name, ip, devicePort, port, username, password, status }', async () => {
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    const payload = {
      customerId: atlas,
      name: 'Atlas RDL',
      ip: '203.0.113.61',
      devicePort: 10010,
      port: 8443,
      username: 'atlas-rdl',
      password: 'Rdl-2025!',
      status: 1,
    };
    const created = await ok<AuthServer>(ADMIN, 'POST', 'authservers/', payload);
    const updated = await ok<AuthServer>(ADMIN, 'PUT', `authservers/${created.Id}`, {
      ...payload,
      port: 9443,
      status: 0,
    });
    expect(updated).toMatchObject({
      Name: 'Atlas RDL',
      Port: 9443,
      Status: 0,
      Password: '••••••••',
    });
  });
});
