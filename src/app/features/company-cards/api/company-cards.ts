import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { toast } from '@app/lib/toast';
import { tachoApiPaths } from '@shared/tacho/api-paths-tacho';
import type {
  CompanyCard,
  CompanyCardCreate,
  CompanyCardUpdate,
} from '@shared/tacho/company-cards';
import { DEVICE_PAGE_SIZE, type Device } from '@shared/devices/devices';
import { listPaths } from '@shared/api/list-paths';
import { api } from '@app/lib/api-client';
import { fetchAllPages } from '@app/lib/lookups/all-pages';

/** Query and mutation keys of company cards; invalidating `all` refreshes every card list. */
export const companyCardKeys = {
  all: ['companycards'] as const,
  ofCustomer: (customerId: number) => [...companyCardKeys.all, 'customer', customerId] as const,
  /** The customer's devices the devices modal offers. */
  devices: (customerId: number) => [...companyCardKeys.all, 'devices', customerId] as const,
  write: () => [...companyCardKeys.all, 'write'] as const,
};

const devicePaths = listPaths('devices');

export const companyCardQueries = {
  /** `GET companycards/customer/{id}`: the customer detail's tab. */
  ofCustomer: (customerId: number) =>
    queryOptions({
      queryKey: companyCardKeys.ofCustomer(customerId),
      queryFn: ({ signal }) =>
        api.get<CompanyCard[]>(tachoApiPaths.companyCardsOfCustomer(customerId), { signal }),
    }),
  /** Every page of `devices/customer/{id}`: what a card of this customer may serve. */
  devices: (customerId: number) =>
    queryOptions({
      queryKey: companyCardKeys.devices(customerId),
      queryFn: ({ signal }) =>
        fetchAllPages<Device>(
          (after) => devicePaths.ofCustomer(customerId, after),
          DEVICE_PAGE_SIZE,
          signal,
        ),
      staleTime: 60_000,
    }),
};

const cardsChanged = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: companyCardKeys.all });

/** `PUT companycards/{id}`, from 'Change CompanyCard' and the devices modal (spec 02 §8 toast). */
export const updateCompanyCardMutationOptions = () =>
  mutationOptions({
    mutationKey: companyCardKeys.write(),
    mutationFn: ({ id, body }: { id: number; body: CompanyCardUpdate }) =>
      api.put<CompanyCard>(tachoApiPaths.companyCard(id), body),
    onSuccess: (_card, _variables, _result, { client }) => {
      toast.success('Company Card succesfully updated');
      return cardsChanged(client);
    },
  });

/** `POST companycards/` ('New Company Card', admins; decision 035). */
export const createCompanyCardMutationOptions = () =>
  mutationOptions({
    mutationKey: companyCardKeys.write(),
    mutationFn: (body: CompanyCardCreate) =>
      api.post<CompanyCard>(tachoApiPaths.companyCards, body),
    onSuccess: (_card, _body, _result, { client }) => {
      toast.success('Company Card succesfully created');
      return cardsChanged(client);
    },
  });
