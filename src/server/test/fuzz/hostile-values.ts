import fc from 'fast-check';

/** Text an attacker tries first: control and unpaired characters, keywords, paths, numbers. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\udbff\udbff',
  '\ud83d\ude00',
  'ß\u200f\u202eİ',
  '１２３',
  '٣٤',
  '__proto__',
  'constructor',
  'toString',
  'prototype',
  'hasOwnProperty',
  '.',
  '..',
  '../..',
  '%00',
  '%',
  '%zz',
  '/',
  '\\',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  'true',
  '[]',
  '{}',
  "' or 1=1 --",
  '%_\\',
  '<script>alert(1)</script>',
  '${7*7}',
  '\r\n',
  '\t',
  'a'.repeat(10_000),
  '9'.repeat(400),
  '0',
  '00',
  '-1',
  '+1',
  '1.5',
  '0x10',
  ' 1',
  '2147483647',
  '2147483648',
  '4294967296',
  '9007199254740991',
  '9007199254740992',
  '99999999999999999999',
  '1e308',
  '-0',
];

export const HOSTILE_NUMBERS: readonly number[] = [
  0,
  -1,
  -0,
  1.5,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53,
  1e308,
  -1e308,
  5e-324,
  Number.MAX_VALUE,
];

/** Objects whose own keys name Object.prototype members (JSON.parse makes `__proto__` own). */
const prototypeKeys = (): unknown[] => [
  JSON.parse('{"__proto__":{"polluted":true}}'),
  { constructor: { prototype: { polluted: true } } },
  { toString: 'x', valueOf: 1, hasOwnProperty: null },
];

/** Any JSON value an attacker might put where another is expected. */
export const hostileJson = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
    { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], ['']) },
    { weight: 1, arbitrary: fc.constantFrom(...prototypeKeys()) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  );

/** A text segment (path, query): the catalogue, random code points, or digits of any length. */
export const hostileText = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 2, arbitrary: fc.stringMatching(/^\d{1,25}$/) },
    { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String) },
  );

/** Bodies no schema describes: nesting deeper than any parser should walk, near-limit sizes. */
export const HOSTILE_RAW_BODIES: readonly string[] = [
  '',
  '{',
  'null',
  '[]',
  '"text"',
  '12',
  '{"a":1,"a":2}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '['.repeat(50_000) + ']'.repeat(50_000),
  '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000),
  JSON.stringify({ devices: Array.from({ length: 50_000 }, () => '356307042441013') }),
  JSON.stringify({ SettingsList: Array.from({ length: 5_000 }, () => ({ SettingName: 'x' })) }),
  JSON.stringify(['\u0000', '\ud800']),
  '\u0000',
  '\ufeff{}',
];

export const ODD_CONTENT_TYPES: readonly string[] = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/xml',
  'application/octet-stream',
  ';;;',
];

/** Headers with odd values (printable Latin-1 only: anything else never leaves a client). */
export const oddHeaders = (): fc.Arbitrary<Record<string, string>> =>
  fc.dictionary(
    fc.constantFrom(
      'idempotency-key',
      'accept',
      'accept-encoding',
      'x-forwarded-for',
      'x-forwarded-proto',
      'x-imei',
      'x-device-timestamp',
      'x-device-signature',
      'if-none-match',
      'origin',
      'cookie',
    ),
    fc.oneof(
      fc.constantFrom('', ' ', 'x'.repeat(300), '__proto__', '\xff\xfe', 'gzip, br;q=2', '*/*'),
      fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c)) }),
    ),
    { maxKeys: 3 },
  );

/** Authorization headers that must never pass the guard. */
export const FORGED_AUTHORIZATIONS: readonly string[] = [
  'Bearer',
  'Bearer ',
  'Bearer abc',
  'Bearer a.b.c',
  // alg "none", sub 1, no signature
  'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIxIiwicm9sZSI6IkFkbWluIn0.',
  'Basic YWRtaW5AZGVtby50ZXN0OmRlbW8xMjM0',
  'Bearer ' + 'x'.repeat(5000),
];
