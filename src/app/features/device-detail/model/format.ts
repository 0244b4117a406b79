import { dayjs } from '@app/lib/dayjs';

/** Dates of the device tables, in the portal's DD-MM-YYYY HH:mm:ss (spec 01 §9). */
export const formatDateTime = (iso: string | null | undefined): string =>
  iso ? dayjs(iso).format('DD-MM-YYYY HH:mm:ss') : '';

export const formatDate = (iso: string): string => dayjs(iso).format('DD-MM-YYYY');

export const yesNo = (value: boolean): string => (value ? 'Yes' : 'No');
