// Hostile input for the fuzz suite: injection-shaped strings, awkward numbers, wrong types, and
// payloads shaped like a route's own body schema (its Zod schema as JSON Schema) with hostile
// values at the leaves, so that they get past the first check and reach deeper code.
import fc from 'fast-check';
import { z } from 'zod';

export const HOSTILE_STRINGS = [
  "'; DROP TABLE orders; --",
  "' OR '1'='1",
  '1; select pg_sleep(5)',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  'a\u0000b',
  '\u0000',
  '%00',
  '%',
  '%E0%A4%A',
  '\ud800',
  '\r\nSet-Cookie: x=y',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as plain text
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  '',
  ' ',
  'x'.repeat(5_000),
  `${'a'.repeat(300)}@example.com`,
  'ada@example.com\u0000<script>',
  '🙂'.repeat(500),
  'NaN',
  '-1',
  '1e309',
];

export const HOSTILE_NUMBERS = [
  1e308,
  -1e308,
  2 ** 53 + 2,
  -(2 ** 63),
  2 ** 31,
  -1,
  -0,
  0.1 + 0.2,
  1e-320,
  // biome-ignore lint/correctness/noPrecisionLoss: a number past 2^53 on purpose
  99999999999999999999,
];

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);
const hostileNumber = fc.oneof(
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** A value of any JSON type, none of them what a field expects. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  hostileNumber,
  hostileString,
  fc.constant([]),
  fc.constant({}),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  format?: string;
};

/** The JSON Schema of a route's Zod schema, or undefined when it has none or cannot be expressed. */
export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    return z.toJSONSchema(schema, {
      io: 'input',
      unrepresentable: 'any',
      cycles: 'ref',
      reused: 'inline',
    }) as JsonSchema;
  } catch {
    return undefined;
  }
}

/**
 * Values shaped like `schema` with hostile leaves; any node may instead be of the wrong type or
 * carry a prototype-pollution key.
 */
export function hostileLike(schema: JsonSchema | undefined, root = schema, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return wrongValue;
  return fc.oneof(
    { weight: 4, arbitrary: shaped(schema, root ?? schema, depth) },
    { weight: 1, arbitrary: wrongValue },
  );
}

function shaped(schema: JsonSchema, root: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.$ref) {
    const name = schema.$ref.replace(/^#\/\$defs\//, '');
    return hostileLike(root.$defs?.[name], root, depth + 1);
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => hostileLike(s, root, depth + 1)));
  if (schema.allOf?.length) return hostileLike(schema.allOf[0], root, depth + 1);
  if (schema.const !== undefined) return fc.oneof(fc.constant(schema.const), hostileString);
  if (schema.enum?.length) return fc.oneof(fc.constantFrom(...schema.enum), hostileString);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return schema.format === 'email'
        ? fc.oneof(
            hostileString,
            fc.constantFrom('ada@example.com', "o'brien@example.com", '<svg/onload=alert(1)>@x.co'),
          )
        : hostileString;
    case 'number':
    case 'integer':
      return hostileNumber;
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom('true', 0, 1));
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (schema.prefixItems?.length)
        return fc.tuple(...schema.prefixItems.map((s) => hostileLike(s, root, depth + 1)));
      return fc.oneof(
        fc.array(hostileLike(schema.items, root, depth + 1), { maxLength: 3 }),
        // A long list: loops over lines, ids or selections.
        fc.constantFrom<unknown>('x', 1, null, {}).map((v) => Array.from({ length: 500 }, () => v)),
      );
    }
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, s] of properties) record[key] = hostileLike(s, root, depth + 1);
      return fc
        .tuple(
          fc.record(record, { requiredKeys: [] }),
          fc.option(fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString'), { freq: 5 }),
          wrongValue,
        )
        .map(([value, extraKey, extra]) => {
          if (extraKey)
            Object.defineProperty(value, extraKey, {
              value: extra,
              enumerable: true,
              configurable: true,
              writable: true,
            });
          return value;
        });
    }
    default:
      return wrongValue;
  }
}

/** Raw bodies no JSON route should take: broken JSON, pollution keys, huge and deep documents. */
export function rawHostileBodies(bodyLimit: number): { name: string; contentType: string; body: string | Buffer }[] {
  const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
  return [
    { name: 'malformed JSON', contentType: 'application/json', body: '{"email": ' },
    { name: 'JSON with a trailing comma', contentType: 'application/json', body: '{"a": 1,}' },
    { name: 'a bare string', contentType: 'application/json', body: '"<script>alert(1)</script>"' },
    { name: 'null', contentType: 'application/json', body: 'null' },
    { name: 'a number', contentType: 'application/json', body: '1e309' },
    { name: 'an empty body', contentType: 'application/json', body: '' },
    {
      name: '__proto__ pollution',
      contentType: 'application/json',
      body: '{"__proto__": {"polluted": "yes"}, "a": 1}',
    },
    {
      name: 'constructor.prototype pollution',
      contentType: 'application/json',
      body: '{"constructor": {"prototype": {"polluted": "yes"}}}',
    },
    {
      name: 'nested __proto__',
      contentType: 'application/json',
      body: '{"item": {"__proto__": {"polluted": "yes"}}, "items": [{"__proto__": {"isAdmin": true}}]}',
    },
    {
      name: 'a body over the size limit',
      contentType: 'application/json',
      body: JSON.stringify({ text: 'x'.repeat(bodyLimit + 1024) }),
    },
    { name: 'deeply nested arrays', contentType: 'application/json', body: deep(5_000) },
    { name: 'a NUL byte in JSON', contentType: 'application/json', body: '{"a": "\u0000"}' },
    {
      name: 'invalid UTF-8',
      contentType: 'application/json',
      body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d]),
    },
    { name: 'form-encoded', contentType: 'application/x-www-form-urlencoded', body: 'email=a%40b.co&password=x' },
    { name: 'text/plain', contentType: 'text/plain', body: 'hello' },
    {
      name: 'XML',
      contentType: 'application/xml',
      body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
    },
    {
      name: 'broken multipart',
      contentType: 'multipart/form-data; boundary=xyz',
      body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="../../a.jpg"\r\n\r\nnot a picture',
    },
    { name: 'multipart without a boundary', contentType: 'multipart/form-data', body: 'garbage' },
  ];
}

/** Query strings for GET routes: each known parameter (or a made-up one) with a hostile value. */
export function hostileQuery(keys: string[]): fc.Arbitrary<string> {
  const names = keys.length ? fc.constantFrom(...keys) : fc.constantFrom('url', 'id', 'q', '__proto__');
  const value = fc.oneof(hostileString, hostileNumber.map(String));
  return fc
    .array(
      fc.tuple(
        fc.oneof(
          { weight: 4, arbitrary: names },
          { weight: 1, arbitrary: fc.constantFrom('__proto__[x]', 'constructor', 'url[]', 'a[b][c]') },
        ),
        value,
      ),
      {
        minLength: 1,
        maxLength: 3,
      },
    )
    .map((pairs) =>
      pairs
        .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v.replace(/[\ud800-\udfff]/g, ''))}`)
        .join('&'),
    );
}
