import { and, eq } from 'drizzle-orm';
import {
  NEW_SETTINGS_PROFILE,
  PROFILE_TOGGLE_NAMES,
  pickProfileSettings,
  toProfileText,
  type ProfileBooleanText,
  type ProfileSettingValues,
  type ProfileToggle,
} from '@shared/settings-profiles/settings-profile-fields';
import type { DbOrTx } from '@server/db/client';
import { insertDemoFiles } from './library-file-bytes';
import {
  canConfigs,
  configurationGroups,
  endpoints,
  firmwares,
  settingsProfiles,
} from '@server/db/schema';
import {
  APPLICATION_VERSIONS,
  BOOTER_VERSIONS,
  CAN_PROTOCOLS,
  DEFAULT_ENDPOINT_ID,
  DEFAULT_MESSAGE_URL,
  INACTIVE_CAN_PROTOCOLS,
  RETIRED_APPLICATION_VERSION,
  STANDARD_PROFILE_ID,
  defaultMessages,
} from './device-config';

const DAY_MS = 86_400_000;
const slug = (name: string) => name.toLowerCase().replace(/[^a-z]+/g, '');

/** Page 1 of spec 03 §9 as a profile stores it (booleans as the text True / False). */
const profileSettings = (): ProfileSettingValues =>
  pickProfileSettings({
    ...NEW_SETTINGS_PROFILE,
    ...(Object.fromEntries(
      PROFILE_TOGGLE_NAMES.map((name) => [name, toProfileText(NEW_SETTINGS_PROFILE[name])]),
    ) as Record<ProfileToggle, ProfileBooleanText>),
  });

/**
 * The libraries devices refer to: CAN protocols and firmware per device type (some inactive),
 * configuration groups (shared and per customer), endpoints (HTTP and TCP per customer) and
 * settings profiles with GUID ids.
 */
export async function seedDeviceLibraries(
  tx: DbOrTx,
  customers: readonly { id: number; name: string }[],
  now: Date,
): Promise<void> {
  const protocolRows = [...CAN_PROTOCOLS, ...INACTIVE_CAN_PROTOCOLS].flatMap(
    ([protocol, brand, name, types]) =>
      types.map((deviceType) => ({
        protocol,
        version: '2.1',
        brand,
        name,
        deviceType,
        active: !INACTIVE_CAN_PROTOCOLS.some(([code]) => code === protocol),
        filename: `${protocol}_${deviceType}.tlqs`,
      })),
  );
  // An older, switched-off version of the first protocols.
  const retired = protocolRows
    .slice(0, 3)
    .map((row) => ({ ...row, version: '1.0', active: false }));
  const protocols = [...retired, ...protocolRows];
  // Each entry with a small demo file, so devices told to load a protocol really fetch one.
  const protocolFiles = await insertDemoFiles(
    tx,
    protocols.map((row) => ({ name: `${row.filename} ${row.version}`, size: 4096 })),
  );
  await tx
    .insert(canConfigs)
    .values(protocols.map((row, i) => ({ ...row, fileId: protocolFiles[i] ?? null })));

  const firmwareRows = [1, 2, 4].flatMap((deviceType) => [
    ...BOOTER_VERSIONS.map((version) => ({ version, firmwareFlag: 1, deviceType })),
    ...APPLICATION_VERSIONS.map((version) => ({ version, firmwareFlag: 2, deviceType })),
    { version: RETIRED_APPLICATION_VERSION, firmwareFlag: 2, deviceType, active: false },
  ]);
  const firmwareFileName = (f: (typeof firmwareRows)[number]) =>
    `qan_${f.deviceType}_${f.version}.${f.firmwareFlag === 1 ? 'bin' : 'fota'}`;
  // Demo images: 32 KiB booters, 96 KiB applications (real ones reach 384 KiB).
  const firmwareFiles = await insertDemoFiles(
    tx,
    firmwareRows.map((f) => ({
      name: firmwareFileName(f),
      size: f.firmwareFlag === 1 ? 32 * 1024 : 96 * 1024,
    })),
  );
  await tx.insert(firmwares).values(
    firmwareRows.map((f, i) => ({
      active: true,
      ...f,
      fileId: firmwareFiles[i] ?? null,
      filename: firmwareFileName(f),
      release: f.version !== APPLICATION_VERSIONS.at(-1),
      created: new Date(now.getTime() - (firmwareRows.length - i) * 7 * DAY_MS),
    })),
  );

  await tx
    .insert(configurationGroups)
    .values([
      { name: 'Default', customerId: null },
      { name: 'Long haul', customerId: null, version: 3 },
      ...customers.map((c) => ({ name: `${c.name} standard`, customerId: c.id, version: 2 })),
    ]);

  await tx.insert(endpoints).values([
    { id: DEFAULT_ENDPOINT_ID, name: 'Fleet Portal ingest', url: DEFAULT_MESSAGE_URL, protocol: 1 },
    ...customers.flatMap((c, i) => [
      {
        customerId: c.id,
        name: `${c.name} HTTP`,
        url: `https://telematics.${slug(c.name)}.example/api/messages`,
        protocol: 1,
      },
      {
        customerId: c.id,
        name: `${c.name} TCP`,
        url: `tcp://198.51.100.${20 + i}:5001`,
        protocol: 3,
      },
    ]),
  ]);

  const messages = defaultMessages();
  const first = customers[0];
  // The tacho-live profile syncs the newest application firmware (of the 4G devices).
  const [newest] = await tx
    .select({ id: firmwares.id })
    .from(firmwares)
    .where(
      and(
        eq(firmwares.version, APPLICATION_VERSIONS.at(-1) ?? ''),
        eq(firmwares.firmwareFlag, 2),
        eq(firmwares.deviceType, 4),
      ),
    );
  await tx.insert(settingsProfiles).values([
    { id: STANDARD_PROFILE_ID, name: 'Standard tracking', settings: profileSettings(), messages },
    ...(first
      ? [
          {
            name: `${first.name} tacho live`,
            customerId: first.id,
            applicationVersion: newest?.id ?? 0,
            settings: { ...profileSettings(), TachoLiveEnabled: 'True' as const },
            messages,
          },
        ]
      : []),
  ]);
}
