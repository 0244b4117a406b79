import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { apiPaths } from './api-paths';
import { listPaths, listRoutePatterns, listSearchParams } from './list-resource';

describe('listPaths', () => {
  const forwards = listPaths('forwards');

  it('builds the spec 02 list calls of a resource', () => {
    expect(forwards.first).toBe('forwards/');
    expect(forwards.chunk()).toBe('forwards/chunk/');
    expect(forwards.chunk(41)).toBe('forwards/chunk/41');
    expect(forwards.count).toBe('forwards/all/');
    expect(forwards.ofCustomer(7)).toBe('forwards/customer/7');
    expect(forwards.ofCustomer(7, 41)).toBe('forwards/customer/7?after=41');
  });

  it("encodes the search and omits a customer segment that would be 'null'", () => {
    expect(forwards.search('IP', '10.0/8 #1')).toBe('forwards/search/IP/10.0%2F8%20%231');
    expect(forwards.search('Name', 'abc', null)).toBe('forwards/search/Name/abc');
    expect(forwards.search('Name', 'abc', 7, 41)).toBe('forwards/search/Name/abc/7?after=41');
  });

  it('matches the route patterns the server registers, and the devices paths delegate', () => {
    const routes = listRoutePatterns('forwards');
    expect(routes.search).toBe('/forwards/search/:filter/:text');
    expect(routes.chunkAfter).toBe('/forwards/chunk/:lastId');
    expect(apiPaths.devicesSearch('IMEI', '12', 3)).toBe('devices/search/IMEI/12/3');
    expect(apiPaths.devicesChunk(5)).toBe('devices/chunk/5');
  });
});

describe('listSearchParams', () => {
  const { withCustomer } = listSearchParams(['Name', 'IP']);

  it("takes the listed fields only, trimmed text, and 'null' as no customer", () => {
    expect(v.parse(withCustomer, { filter: 'Name', text: ' a ', customer: 'null' })).toEqual({
      filter: 'Name',
      text: 'a',
      customer: undefined,
    });
    expect(v.parse(withCustomer, { filter: 'IP', text: 'a', customer: '7' }).customer).toBe(7);
    expect(v.safeParse(withCustomer, { filter: 'Port', text: 'a' }).success).toBe(false);
    expect(v.safeParse(withCustomer, { filter: 'IP', text: ' ' }).success).toBe(false);
  });
});
