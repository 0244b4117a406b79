/** One scope per device: its queued writes replay one after the other, in the order made. */
export const deviceScope = (imei: string) => ({ id: `device:${imei}` });
