import type { AuthServer } from '@shared/access/auth-servers';
import type {
  CompanyCard,
  CompanyCardCreateInput,
  CompanyCardUpdate,
} from '@shared/tacho/company-cards';
import type { Customer } from '@shared/customers/customers';
import type { Device } from '@shared/devices/devices';
import type { Option } from '@app/components/form';

/** 'Change CompanyCard': the stored card, its date as the date field's YYYY-MM-DD. */
export const cardValues = (card: CompanyCard): CompanyCardCreateInput => ({
  CardNumber: card.CardNumber,
  CompanyName: card.CompanyName,
  ValidUntil: card.ValidUntil.slice(0, 10),
  CustomerId: card.CustomerId,
  AuthServerId: card.AuthServerId,
});

/** 'New Company Card' for the customer on screen: its name as the company's, valid a year. */
export const newCardValues = (customer: Pick<Customer, 'Id' | 'Name'>, today = new Date()) => {
  const nextYear = new Date(today);
  nextYear.setUTCFullYear(today.getUTCFullYear() + 1);
  return {
    CardNumber: '',
    CompanyName: customer.Name,
    ValidUntil: nextYear.toISOString().slice(0, 10),
    CustomerId: customer.Id,
    AuthServerId: null,
  } satisfies CompanyCardCreateInput;
};

/** The body of the devices modal's PUT: the card as stored, with the chosen devices. */
export const withDevices = (card: CompanyCard, devices: readonly string[]): CompanyCardUpdate => ({
  CardNumber: card.CardNumber,
  CompanyName: card.CompanyName,
  ValidUntil: card.ValidUntil,
  CustomerId: card.CustomerId,
  AuthServerId: card.AuthServerId,
  Devices: [...devices].sort(),
});

/**
 * Spec 02 §4: a card that serves devices keeps its customer. True when the form's customer
 * differs from the stored one of a card in use.
 */
export const changesCustomerInUse = (card: CompanyCard | undefined, customerId: unknown) =>
  card !== undefined && card.Devices.length > 0 && customerId !== card.CustomerId;

export const customerOptions = (customers: readonly Customer[]): Option<number | null>[] => [
  { value: null, label: 'Choose a customer' },
  ...customers.map((c) => ({ value: c.Id, label: c.Name })),
];

export const authServerOptions = (servers: readonly AuthServer[]): Option<number | null>[] => [
  { value: null, label: 'Choose an authentication server' },
  ...servers.map((s) => ({
    value: s.Id,
    label: `${s.Name}${s.CustomerId === null ? ' (shared)' : ''}`,
  })),
];

/** The devices modal's search: IMEI, name or serial number contains the text. */
export function matchingDevices(devices: readonly Device[], text: string): Device[] {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return [...devices];
  return devices.filter((d) =>
    [d.IMEI, d.Name, d.DeviceName, d.SN].some((t) => t?.toLowerCase().includes(wanted)),
  );
}

/** A device's line in the checklist: its IMEI and, when it has one, its name. */
export const deviceLabel = (device: Device) =>
  device.Name ? `${device.IMEI} · ${device.Name}` : device.IMEI;

/**
 * The checklist shows the matching devices only; ticking among them keeps the chosen devices
 * the search hides.
 */
export const mergeVisibleChoice = (
  chosen: readonly string[],
  visible: readonly string[],
  visibleChosen: readonly string[],
) => [...chosen.filter((imei) => !visible.includes(imei)), ...visibleChosen];
