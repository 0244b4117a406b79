/**
 * API paths of the libraries (QTLibrary `canconfig/`, firmware `AddonBoardFW/`) and custom
 * test data (`customtestdata/`), relative to the API base. The list reads the device page also uses stay in `api-paths.ts`.
 */

type Id = number | string;

export const libraryApiPaths = {
  canConfig: (id: Id) => `canconfig/${id}`,
  canConfigMassUpdate: (from: string, to: string) =>
    `canconfig/massUpdate/${encodeURIComponent(from)}/${encodeURIComponent(to)}`,
  firmware: (id: Id) => `AddonBoardFW/${id}`,
  massFirmwareUpdate: (customer: Id, firmware: Id) =>
    `AddonBoardFW/MassFirmwareUpdate/${customer}/${firmware}`,
  massBooterUpdate: (customer: Id, firmware: Id) =>
    `AddonBoardFW/MassBooterUpdate/${customer}/${firmware}`,
  rollouts: 'rollouts/',
  rolloutPreview: 'rollouts/preview',
  rollout: (id: Id) => `rollouts/${id}`,
  rolloutDevices: (id: Id) => `rollouts/${id}/devices`,
  rolloutAction: (id: Id, action: 'pause' | 'resume' | 'cancel') => `rollouts/${id}/${action}`,
  /** Custom test data: the list (GET), an upload (POST, multipart). */
  customTestDataList: 'customtestdata/',
  /** One file: its bytes (GET), its removal (DELETE). */
  customTestData: (id: Id) => `customtestdata/${id}`,
} as const;

/** Route patterns as the server registers them (Fastify syntax). */
export const libraryServerRoutes = {
  canConfig: '/canconfig/:id',
  canConfigMassUpdate: '/canconfig/massUpdate/:protocolCode/:protocolCodeToUpdateTo',
  firmware: '/AddonBoardFW/:id',
  massFirmwareUpdate: '/AddonBoardFW/MassFirmwareUpdate/:customer/:firmware',
  massBooterUpdate: '/AddonBoardFW/MassBooterUpdate/:customer/:firmware',
  rollouts: '/rollouts',
  rolloutPreview: '/rollouts/preview',
  rollout: '/rollouts/:id',
  rolloutDevices: '/rollouts/:id/devices',
  rolloutPause: '/rollouts/:id/pause',
  rolloutResume: '/rollouts/:id/resume',
  rolloutCancel: '/rollouts/:id/cancel',
  customTestDataList: '/customtestdata',
  customTestData: '/customtestdata/:id',
} as const;
