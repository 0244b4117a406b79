import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { listUrlSearch } from './search-params';

const url = listUrlSearch(['IMEI', 'SN', 'Firmware'], 'IMEI');
const parse = (input: unknown) => v.parse(url.schema, input);

describe('a list search in the URL', () => {
  it('round-trips, leaving defaults out', () => {
    const search = { filter: 'Firmware' as const, text: '4.02', customerId: 3 };
    expect(url.toSearch(parse(url.toParams(search)))).toEqual(search);
    expect(url.toParams({ filter: 'IMEI', text: '', customerId: null })).toEqual({
      filter: undefined,
      q: undefined,
      customer: undefined,
    });
    expect(url.toSearch({})).toEqual({ filter: 'IMEI', text: '', customerId: null });
  });

  it('takes a numeric q as text (the router parses ?q=3585 as a number)', () => {
    expect(parse({ q: 3585 }).q).toBe('3585');
  });

  it('drops malformed values instead of failing the page', () => {
    expect(parse({ filter: 'Colour', q: { x: 1 }, customer: -2 })).toEqual({
      filter: undefined,
      q: undefined,
      customer: undefined,
    });
    expect(parse({ q: 'x'.repeat(101), customer: 1.5 })).toEqual({
      filter: undefined,
      q: undefined,
      customer: undefined,
    });
  });

  it('defaults to the first filter', () => {
    expect(listUrlSearch(['Name', 'Country']).toSearch({}).filter).toBe('Name');
  });
});
