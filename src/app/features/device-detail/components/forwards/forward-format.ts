import {
  FORWARD_STATUS,
  MESSAGE_TYPE_LABELS,
  type MessageTypeName,
} from '@shared/forwards/forwards';

/** 'Tracking (RT)', 'TripData (TD)', 'TachoLive (TL)', 'RDL (TC)' (spec 01 §2.6). */
export const messageTypeLabel = (type: MessageTypeName): string =>
  `${MESSAGE_TYPE_LABELS[type]} (${type})`;

const STATUS_LABELS: Partial<Record<number, string>> = FORWARD_STATUS;

export const forwardStatusLabel = (status: number | null): string =>
  status === null ? '' : (STATUS_LABELS[status] ?? String(status));

/** RDL forwards are set elsewhere: the slot cannot be edited here (spec 01 §2.6). */
export const isEditableType = (type: MessageTypeName): boolean => type !== 'TC';
