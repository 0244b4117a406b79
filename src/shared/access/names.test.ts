import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  cleanName,
  NAME_TAKEN,
  NAME_TOO_LONG,
  NAME_TOO_SHORT,
  NAME_NOT_TEXT,
  NAME_REQUIRED,
  NamedCreateSchema,
  sameName,
  uniqueNameSchema,
} from './names';
import { toFieldErrors } from '@shared/api/validation';

const errors = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? {} : toFieldErrors(result.issues);
};

describe('the feature and role name rule', () => {
  it('keeps only letters, digits, underscore and spaces', () => {
    expect(cleanName('Tacho-Download!')).toBe('TachoDownload');
    expect(cleanName('  Fuel_reports 2 ')).toBe('Fuel_reports 2');
    expect(cleanName('Über <b>Fahrer</b>')).toBe('Über bFahrerb');
    expect(v.parse(NamedCreateSchema, { name: 'Dispatch / Planning' })).toEqual({
      name: 'Dispatch  Planning',
    });
  });

  it('needs at least 3 characters after cleaning, and at most 50', () => {
    expect(errors(NamedCreateSchema, {})).toEqual({ name: NAME_REQUIRED });
    expect(errors(NamedCreateSchema, { name: '!!!' })).toEqual({ name: NAME_REQUIRED });
    expect(errors(NamedCreateSchema, { name: 'a-b' })).toEqual({ name: NAME_TOO_SHORT });
    expect(errors(NamedCreateSchema, { name: 'abc' })).toEqual({});
    expect(errors(NamedCreateSchema, { name: 'a'.repeat(51) })).toEqual({ name: NAME_TOO_LONG });
    expect(errors(NamedCreateSchema, { name: 12 })).toEqual({ name: NAME_NOT_TEXT });
  });

  it('must differ from the names there are, whatever the case and stripped characters', () => {
    const existing = [{ Name: 'Tacho Download' }, { Name: 'Installer' }];
    const schema = uniqueNameSchema('feature', existing);
    expect(errors(schema, { name: 'tacho download' })).toEqual({ name: NAME_TAKEN.feature });
    expect(errors(schema, { name: 'Installer!' })).toEqual({ name: NAME_TAKEN.feature });
    expect(errors(schema, { name: 'Tacho Downloads' })).toEqual({});
    expect(sameName(' Installer ', 'INSTALLER')).toBe(true);
    expect(uniqueNameSchema('role', existing)).toBeDefined();
    expect(errors(uniqueNameSchema('role', existing), { name: 'installer' })).toEqual({
      name: NAME_TAKEN.role,
    });
  });
});
