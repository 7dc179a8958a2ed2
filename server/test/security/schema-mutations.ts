import {
  RawJson,
  isPlainObject,
  schemaErrors,
  typesOf,
  type JsonSchema,
  type JsonType,
} from './json-schema.ts';
import { isMoney } from './schema-arbitraries.ts';

/*
 * The "negative" half of schema-driven fuzzing: ways to spoil a valid value
 * (wrong types, missing or extra fields, out-of-range and hostile strings,
 * impossible numbers, prototype-pollution keys). Whether a spoiled value is
 * really bad is decided afterwards by `inputProblems`, not assumed: an extra
 * field where the schema allows one is no fault.
 */

type Path = (string | number)[];

export interface MutationSite {
  path: Path;
  schema: JsonSchema;
  value: unknown;
}

export interface Mutation {
  label: string;
  /** The new value at the site; REMOVE deletes an object's key. */
  replacement: unknown;
}

const REMOVE = Symbol('remove');

/** Strings that have broken parsers, validators and queries elsewhere. */
export const HOSTILE_STRINGS: readonly [string, string][] = [
  ['a NUL character', 'a\u0000b'],
  ['a lone surrogate', '\ud800'],
  ['right-to-left override', '\u202Egnp.exe'],
  ['Arabic-Indic digits', '٤٨٢٧١٩٣٦'],
  ['full-width digits', '１２３４５６'],
  ['mathematical letters', '𝔐𝔞𝔯𝔦𝔞'],
  ['emoji', '💳💸'],
  ['SQL injection', "' OR '1'='1' --"],
  ['HTML', '<script>alert(1)</script>'],
  ['path traversal', '../../../etc/passwd'],
  ['template', '${7*7}{{7*7}}'],
  ['percent-encoded NUL', '%00'],
  ['CRLF injection', 'x\r\nSet-Cookie: a=b'],
  ['whitespace only', ' \t '],
];

const WRONG_TYPES: readonly [JsonType, unknown][] = [
  ['integer', 12_345],
  ['number', 1.5],
  ['string', 'text'],
  ['boolean', true],
  ['null', null],
  ['array', []],
  ['object', {}],
];

/** Every node of `value` with its schema: the places a mutation can strike. */
export function mutationSites(schema: JsonSchema, value: unknown, path: Path = []): MutationSite[] {
  const sites: MutationSite[] = [{ path, schema, value }];
  const resolved = branchFor(schema, value);
  if (Array.isArray(value) && resolved.items) {
    const items = resolved.items;
    // The first and last items stand for the rest; a 500-line body need not be mutated 500 ways.
    const indexes = [...new Set([0, value.length - 1])].filter((index) => index >= 0);
    for (const index of indexes)
      sites.push(...mutationSites(items, value[index], [...path, index]));
  } else if (isPlainObject(value)) {
    for (const key of Object.keys(value)) {
      const property = propertySchema(resolved, key);
      if (property) sites.push(...mutationSites(property, value[key], [...path, key]));
    }
  }
  return sites;
}

/** The schema of one property; own keys only, so `constructor` is not Object's. */
function propertySchema(schema: JsonSchema, key: string): JsonSchema | undefined {
  const properties = schema.properties ?? {};
  if (Object.hasOwn(properties, key)) return properties[key];
  return typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
}

/** The anyOf/oneOf option a value took, so mutations follow the right branch. */
function branchFor(schema: JsonSchema, value: unknown): JsonSchema {
  const options = schema.anyOf ?? schema.oneOf;
  if (!options) return schema;
  return options.find((option) => schemaErrors(option, value).length === 0) ?? schema;
}

/** The ways to spoil the value at one site. */
export function mutationsAt(site: MutationSite): Mutation[] {
  const schema = branchFor(site.schema, site.value);
  const allowed = typesOf(site.schema) ?? allowedByOptions(site.schema);
  const mutations: Mutation[] = WRONG_TYPES.filter(
    ([type]) => !allowed?.includes(type) && !(type === 'integer' && allowed?.includes('number')),
  ).map(([type, replacement]) => ({ label: `wrong type (${type})`, replacement }));
  if (site.path.length > 0) mutations.push({ label: 'removed', replacement: REMOVE });

  const value = site.value;
  if (typeof value === 'string') mutations.push(...stringMutations(schema, value));
  if (typeof value === 'number') mutations.push(...numberMutations(schema, value));
  if (typeof value === 'boolean')
    mutations.push({ label: 'boolean as string', replacement: `${value}` });
  if (Array.isArray(value)) mutations.push(...arrayMutations(schema, value));
  if (isPlainObject(value)) mutations.push(...objectMutations(value));
  return mutations;
}

function allowedByOptions(schema: JsonSchema): JsonType[] | undefined {
  const options = schema.anyOf ?? schema.oneOf;
  if (!options) return undefined;
  const types = options.map(typesOf);
  return types.every((list) => list !== undefined) ? types.flat() : undefined;
}

function stringMutations(schema: JsonSchema, value: string): Mutation[] {
  const mutations: Mutation[] = [
    { label: 'empty string', replacement: '' },
    { label: 'trailing newline', replacement: `${value}\n` },
    { label: 'surrounding spaces', replacement: ` ${value} ` },
    { label: 'number as string', replacement: '12345' },
    { label: 'huge string (10 000)', replacement: 'x'.repeat(10_000) },
    { label: 'huge string (100 000)', replacement: 'x'.repeat(100_000) },
    ...HOSTILE_STRINGS.map(([label, text]) => ({ label, replacement: text })),
  ];
  if (schema.maxLength !== undefined) {
    mutations.push({ label: 'one too long', replacement: 'x'.repeat(schema.maxLength + 1) });
  }
  if (schema.minLength !== undefined && schema.minLength > 1) {
    mutations.push({ label: 'one too short', replacement: 'x'.repeat(schema.minLength - 1) });
  }
  if (schema.enum || 'const' in schema) {
    mutations.push(
      {
        label: 'other case',
        replacement: value.toUpperCase() === value ? value.toLowerCase() : value.toUpperCase(),
      },
      { label: 'not in enum', replacement: `${value}x` },
    );
  }
  return mutations;
}

function numberMutations(schema: JsonSchema, value: number): Mutation[] {
  const mutations: Mutation[] = [
    { label: 'number as string', replacement: `${value}` },
    { label: 'negative', replacement: -Math.abs(value) - 1 },
    { label: 'overflow (1e309)', replacement: new RawJson('1e309') },
    { label: 'negative overflow (-1e309)', replacement: new RawJson('-1e309') },
    { label: 'NaN', replacement: new RawJson('NaN') },
    { label: 'beyond safe integers', replacement: 2 ** 60 },
    { label: 'fraction', replacement: value + 0.5 },
  ];
  if (schema.minimum !== undefined) {
    mutations.push({ label: 'below minimum', replacement: schema.minimum - 1 });
  }
  if (schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER) {
    mutations.push({ label: 'above maximum', replacement: schema.maximum + 1 });
  }
  if (isMoney(schema)) {
    mutations.push(
      { label: 'three decimals', replacement: Math.trunc(value) + 0.125 },
      { label: 'a tenth of a cent', replacement: 0.001 },
      { label: 'zero', replacement: 0 },
      { label: 'negative cent', replacement: -0.01 },
    );
  }
  return mutations;
}

function arrayMutations(schema: JsonSchema, value: unknown[]): Mutation[] {
  const mutations: Mutation[] = [];
  if ((schema.minItems ?? 0) > 0) mutations.push({ label: 'no items', replacement: [] });
  if (schema.maxItems !== undefined && value.length > 0) {
    const many = Array.from(
      { length: schema.maxItems + 1 },
      (_, index) => value[index % value.length],
    );
    mutations.push({ label: 'one item too many', replacement: many });
  }
  mutations.push({ label: 'a null item', replacement: [...value, null] });
  return mutations;
}

function objectMutations(value: Record<string, unknown>): Mutation[] {
  const withKey = (key: string, extra: unknown) => {
    const copy = { ...value };
    // defineProperty, because assigning `__proto__` would set the prototype instead of a key.
    Object.defineProperty(copy, key, {
      value: extra,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    return copy;
  };
  return [
    { label: 'extra field', replacement: withKey('isAdmin', true) },
    { label: '__proto__ key', replacement: withKey('__proto__', { polluted: 'yes' }) },
    {
      label: 'constructor.prototype key',
      replacement: withKey('constructor', { prototype: { polluted: 'yes' } }),
    },
  ];
}

/** `root` with the value at `path` replaced (or removed); `root` itself is left alone. */
export function replaceAt(root: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(root) && typeof head === 'number') {
    const copy = [...root];
    if (rest.length === 0 && replacement === REMOVE) copy.splice(head, 1);
    else copy[head] = replaceAt(root[head], rest, replacement);
    return copy;
  }
  if (isPlainObject(root) && typeof head === 'string') {
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(root)) {
      if (key === head && rest.length === 0 && replacement === REMOVE) continue;
      const next = key === head ? replaceAt(root[key], rest, replacement) : root[key];
      Object.defineProperty(copy, key, {
        value: next,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return copy;
  }
  return root;
}

export function describePath(path: Path): string {
  return path.length === 0
    ? '(whole)'
    : path
        .map((part) => (typeof part === 'number' ? `[${part}]` : `.${part}`))
        .join('')
        .replace(/^\./, '');
}

/**
 * Why the service must refuse `value` as input for `schema`: what the
 * document forbids, plus the product's own rules it cannot express (dollar
 * amounts positive with at most two decimals; JSON with `__proto__` or
 * `constructor.prototype` keys is refused outright). Empty when acceptable.
 */
export function inputProblems(schema: JsonSchema, value: unknown): string[] {
  return [...schemaErrors(schema, value), ...policyProblems(schema, value, '$')];
}

function policyProblems(schema: JsonSchema, value: unknown, at: string): string[] {
  const problems: string[] = [];
  const resolved = branchFor(schema, value);
  if (typeof value === 'number' && isMoney(resolved)) {
    if (!(value > 0)) problems.push(`${at}: an amount must be above zero`);
    if (Math.abs(Math.round(value * 100) - value * 100) > 1e-6) {
      problems.push(`${at}: an amount has at most two decimals`);
    }
  }
  if (Array.isArray(value) && resolved.items) {
    const items = resolved.items;
    value.forEach((item, index) =>
      problems.push(...policyProblems(items, item, `${at}[${index}]`)),
    );
  }
  if (isPlainObject(value)) {
    for (const key of Object.keys(value)) {
      const child = value[key];
      if (key === '__proto__') problems.push(`${at}: has a __proto__ key`);
      if (key === 'constructor' && isPlainObject(child) && Object.hasOwn(child, 'prototype')) {
        problems.push(`${at}: has a constructor.prototype key`);
      }
      const property = propertySchema(resolved, key) ?? {};
      problems.push(...policyProblems(property, child, `${at}.${key}`));
    }
  }
  return problems;
}
