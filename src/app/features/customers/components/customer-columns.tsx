import { countryName } from '@shared/customers/countries';
import type { Customer } from '@shared/customers/customers';
import type { ListColumn } from '@app/components/list';
import { CustomerLink } from './CustomerLink';

/**
 * The table of spec 02 "Customers page": Name (a link), Country (its name, the code on hover),
 * Main Reseller, IsReseller and Integration; the edit and delete buttons are the row actions.
 */
export const customerColumns: readonly ListColumn<Customer>[] = [
  {
    id: 'name',
    header: 'Name',
    minWidth: 160,
    card: 'title',
    sortable: true,
    text: (c) => c.Name,
    cell: (c) => <CustomerLink customer={c} />,
  },
  {
    id: 'country',
    header: 'Country',
    minWidth: 120,
    card: 'subtitle',
    sortable: true,
    text: (c) => (c.Country === null ? null : countryName(c.Country)),
    cell: (c) =>
      c.Country === null ? (
        '–'
      ) : (
        <span title={c.Country} className="truncate">
          {countryName(c.Country)}
        </span>
      ),
  },
  {
    id: 'reseller',
    header: 'Main Reseller',
    minWidth: 140,
    sortable: true,
    text: (c) => c.ResellerName,
  },
  {
    id: 'isReseller',
    header: 'IsReseller',
    width: 112,
    sortable: true,
    text: (c) => (c.IsReseller ? 'Yes' : 'No'),
  },
  {
    id: 'integration',
    header: 'Integration',
    minWidth: 120,
    text: (c) => (c.RTDIntegration ? c.Integration : null),
  },
];
