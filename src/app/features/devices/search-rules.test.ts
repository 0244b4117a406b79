import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  DeviceListSearchParamsSchema,
  listModeFor,
  paramsFromSearch,
  searchFromParams,
} from './search-rules';

describe('listModeFor (spec 02 §4 search rule)', () => {
  it('searches the chosen filter from 3 characters, trimmed', () => {
    expect(listModeFor({ filter: 'SN', text: ' SN1 ', customerId: null })).toEqual({
      kind: 'search',
      filter: 'SN',
      text: 'SN1',
      customerId: null,
    });
  });

  it('narrows a search to the selected customer', () => {
    expect(listModeFor({ filter: 'IMEI', text: '3585', customerId: 4 })).toEqual({
      kind: 'search',
      filter: 'IMEI',
      text: '3585',
      customerId: 4,
    });
  });

  it('falls back to the customer filter below 3 characters', () => {
    expect(listModeFor({ filter: 'IMEI', text: '35', customerId: 4 })).toEqual({
      kind: 'customer',
      customerId: 4,
    });
    // Spaces do not count towards the 3.
    expect(listModeFor({ filter: 'IMEI', text: ' 3 5 ', customerId: 4 }).kind).toBe('search');
    expect(listModeFor({ filter: 'IMEI', text: '  35  ', customerId: 4 }).kind).toBe('customer');
  });

  it('shows the whole list without text or customer', () => {
    expect(listModeFor({ filter: 'IMEI', text: '', customerId: null })).toEqual({ kind: 'all' });
    expect(listModeFor({ filter: 'ICCID', text: 'ab', customerId: null })).toEqual({
      kind: 'all',
    });
  });
});

describe('URL search of /devices', () => {
  const parse = (input: unknown) => v.parse(DeviceListSearchParamsSchema, input);

  it('round-trips, leaving defaults out', () => {
    const search = { filter: 'Firmware' as const, text: '4.02', customerId: 3 };
    expect(searchFromParams(parse(paramsFromSearch(search)))).toEqual(search);
    expect(paramsFromSearch({ filter: 'IMEI', text: '', customerId: null })).toEqual({
      filter: undefined,
      q: undefined,
      customer: undefined,
    });
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
  });
});
