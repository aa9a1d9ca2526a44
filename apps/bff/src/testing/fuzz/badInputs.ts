import fc from 'fast-check';

/**
 * Building blocks for bad input: strings a hostile or careless client sends, values of the wrong
 * type, and encoders that put any of them on the wire byte for byte (lone surrogates included,
 * which `encodeURIComponent` refuses).
 */

/** Unicode that breaks naive code: lone surrogates, bidi overrides, zero-width, NUL, look-alikes. */
export const ODD_UNICODE: readonly string[] = [
  '\uD800',
  '\uDFFF',
  'a\uD83Db',
  '\uDE00\uD83D',
  '\u202Eevil\u202C',
  '\u2066rtl\u2069',
  'zero\u200Bwidth',
  '\u200D\u200C\uFEFF',
  'nul\u0000byte',
  '\u0000',
  '\u0001\u0007\u001B[31m',
  '😀',
  '👩‍👩‍👧‍👦',
  '🏴󠁧󠁢󠁳󠁣󠁴󠁿',
  'ｆｉｎａｎｃｅ＠ｅｘａｍｐｌｅ．ｃｏｍ',
  'ﬁnance@example.com',
  'e\u0301',
  'Å',
  'İ',
  'ß',
  '\u2028\u2029',
  '\uFFFE\uFFFF',
  '\u{10FFFF}',
  'Z̴̡̪͎̈́̇a̵l̸g̶o̴',
  '١٢٣',
  '¹²³',
  '½',
];

/** Strings aimed at injection: SQL, CSV formulas, HTML, paths, templates, prototypes, headers. */
export const HOSTILE_STRINGS: readonly string[] = [
  "' OR '1'='1",
  "'; DROP TABLE payouts; --",
  '1; SELECT pg_sleep(10)',
  '\\',
  "\\'",
  '%',
  '_',
  '%_%',
  '=HYPERLINK("http://evil.example","x")',
  "=cmd|' /C calc'!A0",
  '+1+1',
  '-1+1',
  '@SUM(A1:A2)',
  '\t=1',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  '/etc/passwd%00.png',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '${7*7}',
  '{{7*7}}',
  '#{7*7}',
  '%s%s%n',
  '\r\nSet-Cookie: pwned=1',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x1F',
  '00000000-0000-0000-0000-000000000000',
  '',
  ' ',
  '\t\n',
];

/**
 * Card numbers typed where they do not belong (refused outside the card number fields). Not
 * joined with the strings above: glued to other digits or letters they are no longer read as a
 * card number, yet still hold one for the stored-rows scan.
 */
export const CARD_NUMBERS_IN_TEXT: readonly string[] = [
  '5555555555554444',
  '4111 1111 1111 1111',
  'Jan 4111-1111-1111-1111',
];

/** Numbers and literals that are valid JSON but no valid field value. */
const WRONG_SCALARS: readonly unknown[] = [
  0,
  -1,
  1.5,
  -0,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  true,
  false,
  null,
  [],
  {},
  [null],
  { '': '' },
];

/** Long strings inside the body limit (100 kB) and one far beyond a field's maximum. */
export const longString = fc
  .tuple(fc.constantFrom('x', 'é', '😀', '\u0000', "'", '9'), fc.constantFrom(501, 1025, 20_000))
  .map(([unit, n]) => unit.repeat(n));

export const anyBadString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 4 },
  { arbitrary: fc.constantFrom(...ODD_UNICODE), weight: 4 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 3 },
  {
    arbitrary: fc
      .array(fc.constantFrom(...HOSTILE_STRINGS, ...ODD_UNICODE), { minLength: 2, maxLength: 4 })
      .map((parts) => parts.join('')),
    weight: 2,
  },
  { arbitrary: longString, weight: 1 },
  { arbitrary: fc.constantFrom(...CARD_NUMBERS_IN_TEXT), weight: 1 },
);

/** A JSON value of a type no string, enum or decimal field accepts. */
export const wrongTypeValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...WRONG_SCALARS), weight: 4 },
  { arbitrary: fc.integer(), weight: 2 },
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 1 },
  { arbitrary: fc.array(anyBadString, { maxLength: 3 }), weight: 1 },
  { arbitrary: fc.dictionary(anyBadString, anyBadString, { maxKeys: 3 }), weight: 1 },
  // Deep nesting: walkers that recurse must not overflow the stack.
  { arbitrary: fc.integer({ min: 100, max: 1_000 }).map((depth) => nest(depth)), weight: 1 },
);

function nest(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { a: value };
  return value;
}

/** Keys that must never be taken at face value by a merge, a lookup table or a query parser. */
export const HOSTILE_KEYS: readonly string[] = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'a[]',
  'a[b]',
  'a.b',
  '$where',
  '',
  ' ',
  'x'.repeat(300),
  '\u0000',
  '\uD800',
];

export const unknownKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_KEYS),
  fc.string({ minLength: 1, maxLength: 12 }).map((s) => `zz_${s}`),
);

/** Malformed JSON texts (each is refused by `JSON.parse`). */
export const malformedJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '{',
    '}',
    '{"a":}',
    '{"a":1,}',
    "{'a':1}",
    '{a:1}',
    '[1,2',
    '{"a":"\\x"}',
    '{"a":"\\ud800',
    '{"a":1}{"b":2}',
    '{"a":NaN}',
    '{"a":Infinity}',
    '{"a":undefined}',
    '\u0000',
    '\uFEFF\uFEFF{}',
    '//comment\n{}',
    '{"a":1} trailing',
    '"unterminated',
    'nul',
    '{"a":0x10}',
    '{"a":.5}',
    '{"a":01}',
    '{"a":"line\nbreak"}',
  ),
  // A valid document cut short.
  fc
    .tuple(fc.dictionary(fc.string(), fc.string(), { minKeys: 1, maxKeys: 4 }), fc.nat())
    .map(([value, cut]) => {
      const text = JSON.stringify(value);
      return text.slice(0, Math.max(1, cut % (text.length - 1)));
    }),
);

/** JSON texts that parse but are not an object (the top level every route expects). */
export const nonObjectJson: fc.Arbitrary<string> = fc.constantFrom(
  '[]',
  '[{}]',
  'null',
  'true',
  '0',
  '"text"',
  '1e999',
  '[' + '['.repeat(2_000) + ']'.repeat(2_000) + ']',
);

/**
 * `JSON.stringify` of an object whose own keys may include `__proto__` (kept as a data key, the
 * way a hostile client sends it, instead of being swallowed as the prototype setter).
 */
export function jsonText(entries: readonly (readonly [string, unknown])[]): string {
  const target: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    Object.defineProperty(target, key, { value, enumerable: true, configurable: true });
  }
  return JSON.stringify(target);
}

function escapeReserved(c: string): string {
  return `%${c.charCodeAt(0).toString(16).toUpperCase()}`;
}

/**
 * Percent-encodes every UTF-16 code unit that is not unreserved. Lone surrogates become the
 * bytes of their (invalid) UTF-8 encoding, so the server sees what a broken client sends.
 */
export function encodeComponent(value: string): string {
  // Most values have no surrogate at all: one native call instead of one per code unit.
  if (!/[\uD800-\uDFFF]/.test(value))
    return encodeURIComponent(value).replace(/[!'()*]/g, escapeReserved);
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i += 1;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out +=
        `%${(0xe0 | (unit >> 12)).toString(16)}%${(0x80 | ((unit >> 6) & 0x3f)).toString(16)}%${(0x80 | (unit & 0x3f)).toString(16)}`.toUpperCase();
    } else {
      out += encodeURIComponent(value[i]!).replace(/[!'()*]/g, escapeReserved);
    }
  }
  return out;
}

/** Raw query/path fragments with broken percent-encoding (sent as is). */
export const BROKEN_ESCAPES: readonly string[] = [
  '%',
  '%z',
  '%zz',
  '%E0%A4',
  '%C0%AF',
  '%FF',
  '%00',
  '%ED%A0%80',
];

/** A path parameter no route has a resource for: hostile, odd, overlong, badly escaped. */
export const badPathParam: fc.Arbitrary<{ raw: string; note: string }> = fc.oneof(
  {
    arbitrary: anyBadString
      .filter((s) => s !== '' && encodeComponent(s).length <= 3_000)
      .map((s) => ({ raw: encodeComponent(s), note: 'string' })),
    weight: 6,
  },
  {
    arbitrary: fc.constantFrom(...BROKEN_ESCAPES).map((raw) => ({ raw, note: 'broken escape' })),
    weight: 2,
  },
  { arbitrary: fc.uuid().map((raw) => ({ raw, note: 'unknown uuid' })), weight: 2 },
  {
    arbitrary: fc
      .constantFrom(
        '..%2F..%2Fetc%2Fpasswd',
        '%2E%2E',
        'a%2Fb',
        '%5C..%5C',
        ';a=1',
        'x'.repeat(3_000),
      )
      .map((raw) => ({ raw, note: 'path trick' })),
    weight: 1,
  },
);

/** Content types under which a JSON body must not be read (or not as sent). */
export const WRONG_CONTENT_TYPES: readonly (string | undefined)[] = [
  undefined,
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/jsonx',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json; charset=nonsense',
  '*/*',
  'application/*',
  ';;;',
];

/** Content encodings the parser cannot or should not inflate. */
export const BAD_CONTENT_ENCODINGS: readonly string[] = [
  'gzip',
  'deflate',
  'br',
  'x-unknown',
  'gzip, gzip',
];
