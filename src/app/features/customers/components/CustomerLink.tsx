import { Link } from '@tanstack/react-router';
import type { Customer } from '@shared/customers/customers';
import { focusRingInset } from '@app/components/ui/focus';

/** The name as a link to the customer detail screen, 44 px high for a finger. */
export function CustomerLink({ customer }: { customer: Pick<Customer, 'Id' | 'Name'> }) {
  return (
    <Link
      to="/customer/$id"
      params={{ id: customer.Id }}
      className={`inline-flex h-11 max-w-full items-center truncate rounded-sm font-medium text-brand-700 hover:text-brand-900 hover:underline ${focusRingInset}`}
    >
      <span className="truncate">{customer.Name}</span>
    </Link>
  );
}
