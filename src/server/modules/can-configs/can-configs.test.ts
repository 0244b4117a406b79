import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as C from '@shared/libraries/can-library';
import { FILE_TOO_LARGE, CAN_CONFIG_FILE } from '@shared/libraries/library-files';
import { canConfigs, libraryFiles, logs } from '@server/db/schema';
import { NOT_MULTIPART } from '@server/http/multipart';
import { ADMIN, RESELLER, USER, useApiContext, VIEWER } from '@server/test/api';
import { fileBytes, libraryForm, sha256 } from '@server/test/library-forms';

// QTLibrary (issue 13 item 1): multipart create and update with the file, every rule, roles.
const api = useApiContext();

const fields = (protocol: string, extra: Record<string, string | number | boolean> = {}) => ({
  Protocol: protocol,
  Version: '3.0',
  Brand: 'DAF',
  Name: 'XF 2024 FMS',
  Active: true,
  DeviceType: 4,
  ...extra,
});
const config = (bytes: Uint8Array, name = 'DAFXF2024.tlqs') => ({
  part: CAN_CONFIG_FILE.part,
  name,
  bytes,
});

async function created(protocol: string, bytes = fileBytes(2048)) {
  const response = await api.call(
    ADMIN,
    'POST',
    'canconfig/',
    libraryForm(fields(protocol), config(bytes)),
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<C.CanConfig>();
}

const storedFile = async (id: number) => {
  const [row] = await api.ctx.database.db
    .select({ bytes: libraryFiles.bytes, sha256: libraryFiles.sha256, fileId: canConfigs.fileId })
    .from(canConfigs)
    .innerJoin(libraryFiles, eq(libraryFiles.id, canConfigs.fileId))
    .where(eq(canConfigs.id, id));
  return row;
};

describe('creating a QTLibrary entry', () => {
  it('stores the fields and the file, answers its size and checksum, logs who did it', async () => {
    const bytes = fileBytes(5000, 7);
    const entry = await created('DAFXF2401', bytes);
    expect(entry).toMatchObject({
      Protocol: 'DAFXF2401',
      Version: '3.0',
      Brand: 'DAF',
      Name: 'XF 2024 FMS',
      Active: true,
      DeviceType: 4,
      Filename: 'DAFXF2024.tlqs',
      Size: 5000,
      Sha256: sha256(bytes),
    });
    const stored = await storedFile(entry.Id);
    expect(Buffer.from(stored?.bytes ?? []).equals(Buffer.from(bytes))).toBe(true);
    const list = (await api.call(VIEWER, 'GET', 'canconfig/')).json<C.CanConfig[]>();
    expect(list.find((c) => c.Id === entry.Id)).toEqual(entry);
    const active = (await api.call(USER, 'GET', 'canconfig/active/')).json<C.CanConfig[]>();
    expect(active.some((c) => c.Id === entry.Id)).toBe(true);
    const entries = await api.ctx.database.db
      .select({ message: logs.message })
      .from(logs)
      .where(like(logs.message, '%QTLibrary DAFXF2401%'));
    expect(entries.map((e) => e.message)).toEqual([
      expect.stringMatching(/created by user \d+$/) as unknown as string,
    ]);
  });

  it('answers every field message at once, the file among them', async () => {
    const response = await api.call(ADMIN, 'POST', 'canconfig/', libraryForm({ Active: 'maybe' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: {
        Protocol: C.PROTOCOL_REQUIRED,
        Version: C.CAN_VERSION_REQUIRED,
        Brand: C.BRAND_REQUIRED,
        Name: C.CAN_NAME_REQUIRED,
        Active: C.ACTIVE_REQUIRED,
        DeviceType: C.DEVICE_TYPE_REQUIRED,
        Config: CAN_CONFIG_FILE.requiredMessage,
      },
    });
  });

  it.each([
    ['a short protocol', fields('ABC12'), { Protocol: C.PROTOCOL_TOO_SHORT }],
    ['a long protocol', fields('ABCDEFGHIJK'), { Protocol: C.PROTOCOL_TOO_LONG }],
    ['a short name', fields('DAFXF2402', { Name: 'XF' }), { Name: C.CAN_NAME_TOO_SHORT }],
    [
      'an unknown device type',
      fields('DAFXF2403', { DeviceType: 3 }),
      { DeviceType: C.DEVICE_TYPE_REQUIRED },
    ],
    [
      'a long version',
      fields('DAFXF2404', { Version: '12345678901' }),
      { Version: C.CAN_VERSION_TOO_LONG },
    ],
  ])('refuses %s', async (_, body, errors) => {
    const response = await api.call(
      ADMIN,
      'POST',
      'canconfig/',
      libraryForm(body, config(fileBytes(10))),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors });
  });

  it('refuses a file over 36864 bytes, another format, an empty file; stores nothing', async () => {
    const before = await api.ctx.database.db.$count(libraryFiles);
    const cases: [Uint8Array, string, string][] = [
      [fileBytes(CAN_CONFIG_FILE.maxBytes + 1), 'big.tlqs', FILE_TOO_LARGE],
      [fileBytes(100), 'notes.txt', CAN_CONFIG_FILE.formatMessage],
      [fileBytes(100), 'firmware.bin', CAN_CONFIG_FILE.formatMessage],
      [new Uint8Array(0), 'empty.s2s', 'The file is empty'],
    ];
    for (const [bytes, name, message] of cases) {
      const response = await api.call(
        ADMIN,
        'POST',
        'canconfig/',
        libraryForm(fields('DAFXF2405'), config(bytes, name)),
      );
      expect(response.statusCode, name).toBe(400);
      expect(response.json(), name).toEqual({ errors: { Config: message } });
    }
    // Exactly at the limit, and .s2s in any case: accepted.
    const max = await api.call(
      ADMIN,
      'POST',
      'canconfig/',
      libraryForm(fields('DAFXF2405'), config(fileBytes(CAN_CONFIG_FILE.maxBytes), 'MAX.S2S')),
    );
    expect(max.statusCode).toBe(200);
    expect(await api.ctx.database.db.$count(libraryFiles)).toBe(before + 1);
  });

  it('refuses a second active entry of a protocol for the same device type', async () => {
    await created('DAFXF2406');
    const again = await api.call(
      ADMIN,
      'POST',
      'canconfig/',
      libraryForm(fields('DAFXF2406'), config(fileBytes(10))),
    );
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ errors: { Protocol: C.PROTOCOL_TAKEN } });
    // Another device type, or inactive: fine.
    const others: Record<string, number | boolean>[] = [{ DeviceType: 2 }, { Active: false }];
    for (const extra of others) {
      const other = await api.call(
        ADMIN,
        'POST',
        'canconfig/',
        libraryForm(fields('DAFXF2406', extra), config(fileBytes(10))),
      );
      expect(other.statusCode).toBe(200);
    }
  });

  it('refuses a JSON body, a NUL in a text part and an unexpected file part', async () => {
    const json = await api.call(ADMIN, 'POST', 'canconfig/', fields('DAFXF2407'));
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ errors: { _: NOT_MULTIPART } });
    const nul = await api.call(
      ADMIN,
      'POST',
      'canconfig/',
      libraryForm(fields('DAFXF24\0'), config(fileBytes(10))),
    );
    expect(nul.statusCode).toBe(400);
    expect(Object.keys(nul.json<{ errors: object }>().errors)).toEqual(['Protocol']);
    const wrongPart = await api.call(
      ADMIN,
      'POST',
      'canconfig/',
      libraryForm(fields('DAFXF2407'), { part: 'Firmware', name: 'a.tlqs', bytes: fileBytes(10) }),
    );
    expect(wrongPart.statusCode).toBe(400);
  });

  it('is for admins only; everyone signed in reads the library', async () => {
    for (const email of [RESELLER, USER, VIEWER]) {
      const response = await api.call(
        email,
        'POST',
        'canconfig/',
        libraryForm(fields('DAFXF2408'), config(fileBytes(10))),
      );
      expect(response.statusCode, email).toBe(403);
      expect((await api.call(email, 'GET', 'canconfig/')).statusCode).toBe(200);
    }
  });
});

describe('updating a QTLibrary entry', () => {
  it('keeps the file when none is sent, replaces it (and drops the old one) when one is', async () => {
    const entry = await created('DAFXF2409');
    const kept = await api.call(
      ADMIN,
      'PUT',
      `canconfig/${String(entry.Id)}`,
      libraryForm(fields('DAFXF2409', { Version: '3.1', Active: false })),
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toEqual({ ...entry, Version: '3.1', Active: false });
    const before = await storedFile(entry.Id);

    const bytes = fileBytes(3000, 9);
    const replaced = await api.call(
      ADMIN,
      'PUT',
      `canconfig/${String(entry.Id)}`,
      libraryForm(fields('DAFXF2409', { Version: '3.2' }), config(bytes, 'DAFXF-32.s2s')),
    );
    expect(replaced.json()).toMatchObject({
      Version: '3.2',
      Filename: 'DAFXF-32.s2s',
      Size: 3000,
      Sha256: sha256(bytes),
    });
    const after = await storedFile(entry.Id);
    expect(after?.fileId).not.toBe(before?.fileId);
    const old = await api.ctx.database.db
      .select()
      .from(libraryFiles)
      .where(eq(libraryFiles.id, before?.fileId ?? 0));
    expect(old).toEqual([]);
  });

  it('answers 404 for an unknown id and 400 for bad fields, changing nothing', async () => {
    const missing = await api.call(
      ADMIN,
      'PUT',
      'canconfig/999999',
      libraryForm(fields('DAFXF2410')),
    );
    expect(missing.statusCode).toBe(404);
    const entry = await created('DAFXF2411');
    const bad = await api.call(
      ADMIN,
      'PUT',
      `canconfig/${String(entry.Id)}`,
      libraryForm(fields('DAFXF2411', { Name: '' }), config(fileBytes(10), 'x.exe')),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ errors: { Config: CAN_CONFIG_FILE.formatMessage } });
    const list = (await api.call(ADMIN, 'GET', 'canconfig/')).json<C.CanConfig[]>();
    expect(list.find((c) => c.Id === entry.Id)).toEqual(entry);
  });
});
