import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries built from an endpoint's zod schema, through its JSON Schema (what the
 * OpenAPI document shows): `valid` keeps to what the JSON Schema says (refinements it cannot say may
 * still refuse), `hostile` puts a hostile value or a shape mistake at any node with some chance.
 */

type Schema = z.core.JSONSchema._JSONSchema;
type Node = Exclude<Schema, boolean>;
export type Mode = 'valid' | 'hostile';

/** Values that have broken servers: the edges of PostgreSQL's types, text it cannot store, odd shapes. */
const HOSTILE: readonly unknown[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '😀'.repeat(40),
  'x'.repeat(5_000),
  "' or '1'='1' --",
  '"; drop table users; --',
  '../../../../etc/passwd',
  '%00',
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
  '1e309',
  '-1',
  '0x10',
  '2147483648',
  '9999-99-99 99:99:99',
  '0000-00-00',
  0,
  -1,
  0.5,
  -0,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  Number.MAX_SAFE_INTEGER,
  1e308,
  -1e308,
  true,
  false,
  null,
  [],
  [null],
  {},
  JSON.parse('{"__proto__": {"admin": true}}'),
  { constructor: { prototype: { admin: true } } },
];

const hostileValue = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE), weight: 4 },
  { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 1 },
);

const INT_BOUND = 2_147_483_647;
const clamp = (value: number | undefined, fallback: number) =>
  value === undefined || !Number.isFinite(value) ? fallback : Math.max(-1e15, Math.min(1e15, value));

function stringArbitrary(node: Node): fc.Arbitrary<string> {
  const minLength = node.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(node.maxLength ?? 40, 60));
  if (node.pattern) {
    try {
      const pattern = new RegExp(node.pattern, 'u');
      return fc
        .stringMatching(pattern)
        .filter((value) => value.length >= minLength && value.length <= (node.maxLength ?? Infinity));
    } catch {
      // A pattern fast-check cannot walk: plain text of the right length instead.
    }
  }
  switch (node.format) {
    case 'email':
      return fc.emailAddress();
    case 'date-time':
      return fc
        .date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2099-12-31T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((date) => date.toISOString());
    case 'date':
      return fc
        .date({
          min: new Date('1950-01-01T00:00:00Z'),
          max: new Date('2030-12-31T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((date) => date.toISOString().slice(0, 10));
    case 'uri':
    case 'url':
      return fc.webUrl();
  }
  return fc.string({ minLength, maxLength });
}

function numberArbitrary(node: Node, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = typeof node.exclusiveMinimum === 'number' ? node.exclusiveMinimum : undefined;
  const exclusiveMax = typeof node.exclusiveMaximum === 'number' ? node.exclusiveMaximum : undefined;
  let min = clamp(node.minimum ?? exclusiveMin, -INT_BOUND);
  let max = clamp(node.maximum ?? exclusiveMax, INT_BOUND);
  if (integer) {
    if (node.minimum === undefined && exclusiveMin !== undefined) min = Math.floor(exclusiveMin) + 1;
    if (node.maximum === undefined && exclusiveMax !== undefined) max = Math.ceil(exclusiveMax) - 1;
    min = Math.ceil(min);
    max = Math.floor(max);
    if (min > max) return fc.constant(min);
    // Mostly small numbers (ids, pages), sometimes anywhere in the range.
    const small = fc.integer({
      min: Math.max(min, Math.min(max, -3)),
      max: Math.min(max, Math.max(min, 50)),
    });
    return fc.oneof({ arbitrary: small, weight: 3 }, { arbitrary: fc.integer({ min, max }), weight: 1 });
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

export class SchemaArbitrary {
  readonly #defs: Record<string, Schema>;
  readonly #root: Schema;

  constructor(schema: z.ZodType) {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
    this.#defs = (json.$defs ?? {}) as Record<string, Schema>;
    this.#root = json;
  }

  /** Values for the schema; `undefined` stands for "nothing sent". */
  arbitrary(mode: Mode): fc.Arbitrary<unknown> {
    return this.#node(this.#root, mode, 0);
  }

  #node(schema: Schema, mode: Mode, depth: number): fc.Arbitrary<unknown> {
    const plain = this.#plain(schema, mode, depth);
    if (mode === 'valid') return plain;
    return fc.oneof({ arbitrary: plain, weight: 6 }, { arbitrary: hostileValue, weight: 1 });
  }

  #plain(schema: Schema, mode: Mode, depth: number): fc.Arbitrary<unknown> {
    // The contract's examples (`.meta({ examples })`) say what refinements JSON Schema cannot.
    if (typeof schema === 'object' && Array.isArray(schema.examples) && schema.examples.length > 0) {
      const { examples, ...rest } = schema;
      return fc.oneof(
        { arbitrary: fc.constantFrom(...(examples as unknown[])), weight: 3 },
        { arbitrary: this.#plain(rest, mode, depth), weight: 1 },
      );
    }
    if (schema === true) return depth > 3 ? fc.constant(null) : fc.jsonValue({ maxDepth: 1 });
    if (schema === false) return fc.constant(undefined);
    const node = schema;
    if (node.$ref) {
      const target = this.#defs[node.$ref.replace(/^#\/\$defs\//, '')];
      if (target === undefined || depth > 4) return fc.constant(null);
      return this.#node(target, mode, depth + 1);
    }
    if ('const' in node) return fc.constant(node.const);
    if (node.enum) return fc.constantFrom(...node.enum);
    const choices = node.anyOf ?? node.oneOf;
    if (choices && choices.length > 0)
      return fc.oneof(...choices.map((item) => this.#node(item, mode, depth)));
    if (node.allOf?.[0] !== undefined) return this.#node(node.allOf[0], mode, depth);
    if (node.not !== undefined && node.type === undefined) return fc.constant(undefined);
    const types = [node.type ?? 'any'].flat();
    return fc.oneof(...types.map((type) => this.#typed(node, type, mode, depth)));
  }

  #typed(node: Node, type: string, mode: Mode, depth: number): fc.Arbitrary<unknown> {
    switch (type) {
      case 'string':
        return stringArbitrary(node);
      case 'integer':
        return numberArbitrary(node, true);
      case 'number':
        return numberArbitrary(node, false);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        const items = node.items;
        const item = items === undefined || Array.isArray(items) ? true : items;
        const minLength = node.minItems ?? 0;
        const maxLength = Math.max(minLength, Math.min(node.maxItems ?? 4, depth > 2 ? minLength : 4));
        return fc.array(this.#node(item, mode, depth + 1), { minLength, maxLength });
      }
      case 'object':
        return this.#object(node, mode, depth);
      default:
        return depth > 3 ? fc.constant(null) : fc.jsonValue({ maxDepth: 1 });
    }
  }

  #object(node: Node, mode: Mode, depth: number): fc.Arbitrary<unknown> {
    const properties = node.properties ?? {};
    const required = new Set(node.required ?? []);
    const shape: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [name, schema] of Object.entries(properties))
      shape[name] = this.#node(schema, mode, depth + 1);
    const record = fc.record(shape, { requiredKeys: [...required].filter((name) => name in shape) });
    if (mode === 'valid') return record;
    // Shape mistakes: a required key left out, or a key the endpoint does not take.
    const names = Object.keys(shape);
    return fc.oneof(
      { arbitrary: record, weight: 4 },
      {
        arbitrary: fc
          .tuple(record, fc.constantFrom(...(names.length ? names : ['x'])))
          .map(([value, drop]) =>
            Object.fromEntries(Object.entries(value as object).filter(([key]) => key !== drop)),
          ),
        weight: 1,
      },
      {
        arbitrary: fc
          .tuple(record, fc.string({ maxLength: 12 }), hostileValue)
          .map(([value, key, extra]) => ({
            ...(value as Record<string, unknown>),
            [key]: extra,
          })),
        weight: 1,
      },
    );
  }
}
