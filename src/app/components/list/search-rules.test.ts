import { describe, expect, it } from 'vitest';
import { listModeFor } from './search-rules';

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
    // Spaces around the text do not count towards the 3; spaces inside do.
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
