import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as F from '@shared/libraries/firmware-library';
import { FILE_TOO_LARGE, FIRMWARE_FILE } from '@shared/libraries/library-files';
import { libraryFiles } from '@server/db/schema';
import { ADMIN, RESELLER, USER, useApiContext, VIEWER } from '@server/test/api';
import { fileBytes, libraryForm, sha256 } from '@server/test/library-forms';

// Firmware (issue 13 item 2): multipart create and update, delete rules, roles.
const api = useApiContext();

const fields = (version: string, extra: Record<string, string | number | boolean> = {}) => ({
  Version: version,
  Release: true,
  FirmwareFlag: 2,
  DeviceType: 4,
  Active: true,
  ...extra,
});
const image = (bytes: Uint8Array, name = 'qan_4_5.00.01.fota') => ({
  part: FIRMWARE_FILE.part,
  name,
  bytes,
});

async function created(version: string, extra: Record<string, string | number | boolean> = {}) {
  // Each version its own content, so a checksum names one file.
  const bytes = fileBytes(
    4096,
    version.split('').reduce((sum, c) => sum * 7 + c.charCodeAt(0), 0),
  );
  const response = await api.call(
    ADMIN,
    'POST',
    'AddonBoardFW/',
    libraryForm(fields(version, extra), image(bytes)),
  );
  expect(response.statusCode, response.body).toBe(200);
  return { firmware: response.json<F.Firmware>(), bytes };
}

const list = async (email = ADMIN) =>
  (await api.call(email, 'GET', 'AddonBoardFW/')).json<F.Firmware[]>();

describe('creating firmware', () => {
  it('stores the image and answers the firmware with its size and checksum', async () => {
    const { firmware, bytes } = await created('5.00.01');
    expect(firmware).toMatchObject({
      Version: '5.00.01',
      Release: true,
      FirmwareFlag: 2,
      DeviceType: 4,
      Active: true,
      Filename: 'qan_4_5.00.01.fota',
      Size: 4096,
      Sha256: sha256(bytes),
    });
    expect((await list(VIEWER))[0]).toEqual(firmware);
    const active = (await api.call(USER, 'GET', 'AddonBoardFW/active/')).json<F.Firmware[]>();
    expect(active.some((f) => f.Id === firmware.Id)).toBe(true);
  });

  it('answers the spec’s messages, all at once', async () => {
    const empty = await api.call(
      ADMIN,
      'POST',
      'AddonBoardFW/',
      libraryForm({ DeviceType: 0, FirmwareFlag: 0 }),
    );
    expect(empty.json()).toEqual({
      errors: {
        Version: F.VERSION_REQUIRED,
        Release: F.RELEASE_REQUIRED,
        DeviceType: F.FIRMWARE_DEVICE_TYPE_REQUIRED,
        FirmwareFlag: F.FIRMWARE_TYPE_REQUIRED,
        Active: F.FIRMWARE_ACTIVE_REQUIRED,
        Firmware: 'Firmware file is Required',
      },
    });
    const cases: [Record<string, string | number | boolean>, Record<string, string>][] = [
      [fields('5.0.1'), { Version: 'Version should be at least 6 character!' }],
      [fields('5.00.001a'), { Version: 'Version should be at most 8 characters!' }],
      [fields('5.00.02', { FirmwareFlag: 3 }), { FirmwareFlag: F.FIRMWARE_TYPE_REQUIRED }],
    ];
    for (const [body, errors] of cases) {
      const response = await api.call(
        ADMIN,
        'POST',
        'AddonBoardFW/',
        libraryForm(body, image(fileBytes(10))),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errors });
    }
  });

  it('takes .bin, .tlqs and .fota up to 393216 bytes, nothing else', async () => {
    const refused: [Uint8Array, string, string][] = [
      [fileBytes(FIRMWARE_FILE.maxBytes + 1), 'big.bin', FILE_TOO_LARGE],
      [fileBytes(10), 'image.zip', 'Unsupported Format, Formats supported: .bin, .tlqs, .fota'],
      [fileBytes(10), 'config.s2s', FIRMWARE_FILE.formatMessage],
    ];
    for (const [bytes, name, message] of refused) {
      const response = await api.call(
        ADMIN,
        'POST',
        'AddonBoardFW/',
        libraryForm(fields('5.00.03'), image(bytes, name)),
      );
      expect(response.json(), name).toEqual({ errors: { Firmware: message } });
    }
    for (const [i, name] of ['a.bin', 'b.TLQS', 'c.fota'].entries()) {
      const response = await api.call(
        ADMIN,
        'POST',
        'AddonBoardFW/',
        libraryForm(
          fields(`5.00.1${String(i)}`),
          image(fileBytes(i === 0 ? FIRMWARE_FILE.maxBytes : 10), name),
        ),
      );
      expect(response.statusCode, name).toBe(200);
    }
  });

  it('refuses a version that exists for the device type and flag', async () => {
    await created('5.00.20');
    const again = await api.call(
      ADMIN,
      'POST',
      'AddonBoardFW/',
      libraryForm(fields('5.00.20'), image(fileBytes(10))),
    );
    expect(again.json()).toEqual({ errors: { Version: F.FIRMWARE_TAKEN } });
    await created('5.00.20', { FirmwareFlag: 1 });
    await created('5.00.20', { DeviceType: 2 });
  });

  it('is for admins only', async () => {
    for (const email of [RESELLER, USER, VIEWER]) {
      const response = await api.call(
        email,
        'POST',
        'AddonBoardFW/',
        libraryForm(fields('5.00.30'), image(fileBytes(10))),
      );
      expect(response.statusCode, email).toBe(403);
    }
  });
});

describe('updating and deleting firmware', () => {
  it('updates without a new image, keeping it', async () => {
    const { firmware } = await created('5.00.40');
    const response = await api.call(
      ADMIN,
      'PUT',
      `AddonBoardFW/${String(firmware.Id)}`,
      libraryForm(fields('5.00.41', { Release: false, Active: false })),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      ...firmware,
      Version: '5.00.41',
      Release: false,
      Active: false,
    });
  });

  it('deletes only inactive firmware, with its image, and answers the list', async () => {
    const { firmware } = await created('5.00.50');
    const path = `AddonBoardFW/${String(firmware.Id)}`;
    const refused = await api.call(ADMIN, 'DELETE', path);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ errors: { Active: F.FIRMWARE_ACTIVE_NOT_DELETED } });
    await api.call(ADMIN, 'PUT', path, libraryForm(fields('5.00.50', { Active: false })));
    expect((await api.call(USER, 'DELETE', path)).statusCode).toBe(403);
    const [file] = await api.ctx.database.db
      .select({ id: libraryFiles.id })
      .from(libraryFiles)
      .where(eq(libraryFiles.sha256, firmware.Sha256 ?? ''));
    const deleted = await api.call(ADMIN, 'DELETE', path);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual(await list());
    expect(deleted.json<F.Firmware[]>().some((f) => f.Id === firmware.Id)).toBe(false);
    expect(await api.ctx.database.db.$count(libraryFiles, eq(libraryFiles.id, file?.id ?? 0))).toBe(
      0,
    );
    expect((await api.call(ADMIN, 'DELETE', path)).statusCode).toBe(404);
  });
});
