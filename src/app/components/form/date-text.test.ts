import { describe, expect, it } from 'vitest';
import { dateText, readDateText } from './date-text';

describe('dateText', () => {
  it('shows a day as DD-MM-YYYY and a local time as DD-MM-YYYY HH:mm', () => {
    expect(dateText('2026-02-01', 'date')).toBe('01-02-2026');
    expect(dateText('2026-12-31T23:05', 'datetime')).toBe('31-12-2026 23:05');
    expect(dateText('', 'date')).toBe('');
  });

  it('shows a value it cannot read as it is', () => {
    expect(dateText('2026-02-30', 'date')).toBe('2026-02-30');
    expect(dateText('soon', 'datetime')).toBe('soon');
  });
});

describe('readDateText', () => {
  it('reads DD-MM-YYYY into the form value YYYY-MM-DD', () => {
    expect(readDateText('01-02-2026', 'date')).toEqual({ value: '2026-02-01' });
    expect(readDateText(' 31-12-2026 ', 'date')).toEqual({ value: '2026-12-31' });
  });

  it("takes '/' or '.' between the parts, single digits, and eight digits from a number pad", () => {
    expect(readDateText('1/2/2026', 'date')).toEqual({ value: '2026-02-01' });
    expect(readDateText('01.02.2026', 'date')).toEqual({ value: '2026-02-01' });
    expect(readDateText('01022026', 'date')).toEqual({ value: '2026-02-01' });
  });

  it('reads DD-MM-YYYY HH:mm into YYYY-MM-DDTHH:mm', () => {
    expect(readDateText('28-11-2026 17:41', 'datetime')).toEqual({ value: '2026-11-28T17:41' });
    expect(readDateText('28-11-2026 9.05', 'datetime')).toEqual({ value: '2026-11-28T09:05' });
    expect(readDateText('28112026 1741', 'datetime')).toEqual({ value: '2026-11-28T17:41' });
    expect(readDateText('281120261741', 'datetime')).toEqual({ value: '2026-11-28T17:41' });
  });

  it('leaves empty text empty, for the schema to require or not', () => {
    expect(readDateText('', 'date')).toEqual({ value: '' });
    expect(readDateText('   ', 'datetime')).toEqual({ value: '' });
  });

  it('says which form it wants for text of another one (the browser’s mm/dd, ISO, half-typed)', () => {
    for (const text of ['2026-02-01', '01-02-26', '01-02', 'tomorrow', '01-02-2026 10']) {
      expect(readDateText(text, 'date')).toEqual({ problem: 'Enter the date as DD-MM-YYYY' });
    }
    for (const text of ['28-11-2026', '28-11-2026 17', '28-11-2026 17:41:05', '2026-11-28T17:41']) {
      expect(readDateText(text, 'datetime')).toEqual({
        problem: 'Enter the date and time as DD-MM-YYYY HH:mm',
      });
    }
  });

  it('says when a day or a time does not exist', () => {
    expect(readDateText('31-02-2026', 'date')).toEqual({ problem: 'There is no 31-02-2026' });
    expect(readDateText('29-02-2025', 'date')).toEqual({ problem: 'There is no 29-02-2025' });
    expect(readDateText('29-02-2024', 'date')).toEqual({ value: '2024-02-29' });
    expect(readDateText('12-13-2026', 'date')).toEqual({ problem: 'There is no 12-13-2026' });
    expect(readDateText('01-02-2026 24:00', 'datetime')).toEqual({
      problem: 'There is no 01-02-2026 24:00',
    });
  });

  it('reads back what it shows', () => {
    for (const value of ['2026-01-09', '1999-12-31', '2024-02-29']) {
      expect(readDateText(dateText(value, 'date'), 'date')).toEqual({ value });
    }
    expect(readDateText(dateText('2026-03-28T02:30', 'datetime'), 'datetime')).toEqual({
      value: '2026-03-28T02:30',
    });
  });
});
