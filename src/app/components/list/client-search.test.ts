import { describe, expect, it } from 'vitest';
import { searchRows, wordsField } from './client-search';
import { activeSearchWords } from '@app/lib/lookups/libraries';

interface Row {
  name: string;
  country: string | null;
  customerId: number | null;
}
const rows: Row[] = [
  { name: 'Atlas Freight', country: 'NL', customerId: 3 },
  { name: 'Hansen Transport', country: 'DK', customerId: 4 },
  { name: 'Vega Logistics', country: null, customerId: 4 },
];
const names = (found: readonly Row[]) => found.map((r) => r.name);

describe('searchRows (client-side search)', () => {
  it('finds rows whose field contains the text, ignoring case and surrounding spaces', () => {
    expect(names(searchRows(rows, (r) => r.name, ' TRANS '))).toEqual(['Hansen Transport']);
    expect(names(searchRows(rows, (r) => r.name, 'a'))).toHaveLength(3);
    expect(searchRows(rows, (r) => r.name, 'nobody')).toEqual([]);
  });

  it('searches only the chosen field, and skips empty values', () => {
    expect(names(searchRows(rows, (r) => r.country, 'nl'))).toEqual(['Atlas Freight']);
    expect(searchRows(rows, (r) => r.country, 'null')).toEqual([]);
  });

  it('matches any of several values', () => {
    const either = (r: Row) => [r.name, r.country];
    expect(names(searchRows(rows, either, 'dk'))).toEqual(['Hansen Transport']);
    expect(names(searchRows(rows, either, 'vega'))).toEqual(['Vega Logistics']);
  });

  it('narrows to the chosen customer, with or without text', () => {
    const customer = (id: number | null) => ({ id, of: (r: Row) => r.customerId });
    expect(names(searchRows(rows, (r) => r.name, '', customer(4)))).toEqual([
      'Hansen Transport',
      'Vega Logistics',
    ]);
    expect(names(searchRows(rows, (r) => r.name, 'vega', customer(4)))).toEqual(['Vega Logistics']);
    expect(searchRows(rows, (r) => r.name, '', customer(null))).toBe(rows);
  });

  it("matches a words field from the start of a word: 'Active' does not find 'InActive'", () => {
    const libraries = [
      { name: 'on', Active: true },
      { name: 'off', Active: false },
    ];
    const active = wordsField(activeSearchWords);
    const found = (text: string) => searchRows(libraries, active, text).map((r) => r.name);
    expect(found('Active')).toEqual(['on']);
    expect(found('act')).toEqual(['on']);
    expect(found('InActive')).toEqual(['off']);
    expect(found('in')).toEqual(['off']);
    expect(found('no')).toEqual(['off']);
    expect(found('TRUE')).toEqual(['on']);
    expect(found('ctive')).toEqual([]);
  });
});
