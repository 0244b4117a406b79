import { useQuery } from '@tanstack/react-query';
import type { DeviceForward } from '@shared/forwards/forwards';
import { can } from '@shared/access/permissions';
import { customerForwardsQueryOptions } from '@app/lib/lookups/forwards';
import { useSession } from '@app/lib/use-session';

/**
 * Whether the caller may replay the slot's forward: the Forwards page's edit rule (admins, and
 * writers for a forward of a customer; a shared one is the provider's). A slot does not say whose
 * its forward is, so a writer's answer comes from the device customer's forwards (the lookup the
 * slot's edit dialog uses), read only once a panel is open.
 */
export function useMayReplay(slot: DeviceForward | null, customerId: number | null): boolean {
  const auth = useSession()?.auth;
  const admin = auth?.Role === 'Admin';
  const writer = can(auth, 'forwards.write');
  const catalog = useQuery({
    ...customerForwardsQueryOptions(customerId),
    enabled: slot !== null && writer && !admin,
  });
  if (slot?.ForwardId == null || !writer) return false;
  if (admin) return true;
  const forward = catalog.data?.find((f) => f.Id === slot.ForwardId);
  return forward !== undefined && forward.CustomerId !== null;
}
