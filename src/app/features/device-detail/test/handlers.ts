import { http, HttpResponse } from 'msw';
import type { CanConfig, Firmware } from '@shared/libraries/libraries';
import { apiUrl } from './render';

export const CAN_LIBRARY: CanConfig[] = [
  {
    Id: 1,
    Protocol: 'VOLVFH4001',
    Version: '2.1',
    Brand: 'Volvo',
    Name: 'FH4 FMS',
    Active: true,
    DeviceType: 4,
    Filename: null,
    Size: null,
    Sha256: null,
  },
  {
    Id: 2,
    Protocol: 'SCANR20002',
    Version: '2.1',
    Brand: 'Scania',
    Name: 'R-series 2020',
    Active: true,
    DeviceType: 2,
    Filename: null,
    Size: null,
    Sha256: null,
  },
];

export const FIRMWARES: Firmware[] = [
  {
    Id: 1,
    Version: '4.02.01',
    Filename: null,
    Size: null,
    Sha256: null,
    Release: true,
    FirmwareFlag: 2,
    DeviceType: 4,
    Active: true,
    Created: '2026-10-25T06:00:00.000Z',
  },
];

/** The lookups the device tabs read, answered with small fixed lists. */
export const lookupHandlers = () => [
  http.get(apiUrl('settingsProfiles/customer/:id'), () =>
    HttpResponse.json([{ Id: 'profile-1', Name: 'Standard tracking', applicationVersion: 0 }]),
  ),
  http.get(apiUrl('canconfig/active/'), () => HttpResponse.json(CAN_LIBRARY)),
  http.get(apiUrl('AddonBoardFW/active/'), () => HttpResponse.json(FIRMWARES)),
  http.get(apiUrl('customers/'), () =>
    HttpResponse.json([
      { Id: 5, Name: 'Atlas Freight' },
      { Id: 6, Name: 'Blue Line Buses' },
    ]),
  ),
  http.get(apiUrl('configurationgroups/customer/:id'), () =>
    HttpResponse.json([{ Id: 1, Name: 'Default', CustomerId: null, Version: 1 }]),
  ),
];
