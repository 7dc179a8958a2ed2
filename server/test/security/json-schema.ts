/*
 * The part of JSON Schema (2020-12, the dialect of OpenAPI 3.1) that our
 * OpenAPI document uses, and a validator for it. The fuzzer needs its own
 * validator rather than the service's zod schemas: it judges the service
 * against the published document, which is what a client relies on.
 */

export type JsonType = 'null' | 'boolean' | 'integer' | 'number' | 'string' | 'array' | 'object';

export interface JsonSchema {
  $ref?: string;
  type?: JsonType | JsonType[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  /** OpenAPI 3.0's spelling of `type: [..., 'null']`. */
  nullable?: boolean;
  description?: string;
  example?: unknown;
}

/**
 * A JSON token that JSON.stringify cannot produce, such as `1e309` or `NaN`,
 * for bodies that probe how the service reads numbers.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Every `$ref` replaced by what it points at; the document's schemas are not recursive. */
export function dereference(schema: unknown, root: unknown, seen: string[] = []): unknown {
  if (Array.isArray(schema)) return schema.map((item) => dereference(item, root, seen));
  if (schema === null || typeof schema !== 'object') return schema;
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') {
    if (seen.includes(ref)) throw new Error(`recursive schema ${ref} is not supported`);
    return dereference(pointer(root, ref), root, [...seen, ref]);
  }
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, dereference(value, root, seen)]),
  );
}

function pointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`only local references are supported: ${ref}`);
  let node: unknown = root;
  for (const part of ref.slice(2).split('/')) {
    const key = part.replaceAll('~1', '/').replaceAll('~0', '~');
    node = (node as Record<string, unknown> | undefined)?.[key];
  }
  if (node === undefined) throw new Error(`unresolved reference ${ref}`);
  return node;
}

const regexCache = new Map<string, RegExp>();

/** ECMA-262 patterns in unicode mode (so `\p{L}` means a letter), as zod compiles them. */
export function patternRegExp(pattern: string): RegExp {
  let regex = regexCache.get(pattern);
  if (!regex) {
    try {
      regex = new RegExp(pattern, 'u');
    } catch {
      regex = new RegExp(pattern);
    }
    regexCache.set(pattern, regex);
  }
  return regex;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function typesOf(schema: JsonSchema): JsonType[] | undefined {
  if (schema.type === undefined) return undefined;
  const types = Array.isArray(schema.type) ? [...schema.type] : [schema.type];
  if (schema.nullable && !types.includes('null')) types.push('null');
  return types;
}

function hasType(value: unknown, type: JsonType): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'boolean':
      return typeof value === 'boolean';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'string':
      return typeof value === 'string';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isPlainObject(value);
  }
}

/** Code points, as JSON Schema counts string length. */
export function stringLength(value: string): number {
  return [...value].length;
}

/** What is wrong with `value` under `schema` (dereferenced); empty when it conforms. */
export function schemaErrors(schema: JsonSchema, value: unknown, at = '$'): string[] {
  if (value instanceof RawJson) return [`${at}: ${value.text} is not a JSON value`];
  const errors: string[] = [];
  const fail = (message: string) => errors.push(`${at}: ${message}`);

  const types = typesOf(schema);
  if (types && !types.some((type) => hasType(value, type))) {
    fail(`expected ${types.join(' or ')}`);
    return errors;
  }
  if ('const' in schema && !sameJson(value, schema.const)) fail('differs from const');
  if (schema.enum && !schema.enum.some((option) => sameJson(value, option))) fail('not in enum');
  if (schema.anyOf && !schema.anyOf.some((option) => schemaErrors(option, value).length === 0)) {
    fail('matches no anyOf option');
  }
  if (schema.oneOf) {
    const matches = schema.oneOf.filter((option) => schemaErrors(option, value).length === 0);
    if (matches.length !== 1) fail(`matches ${matches.length} oneOf options`);
  }
  for (const part of schema.allOf ?? []) errors.push(...schemaErrors(part, value, at));

  if (typeof value === 'string') errors.push(...stringErrors(schema, value, at));
  if (typeof value === 'number') errors.push(...numberErrors(schema, value, at));
  if (Array.isArray(value)) errors.push(...arrayErrors(schema, value, at));
  if (isPlainObject(value)) errors.push(...objectErrors(schema, value, at));
  return errors;
}

function stringErrors(schema: JsonSchema, value: string, at: string): string[] {
  const errors: string[] = [];
  const length = stringLength(value);
  if (schema.minLength !== undefined && length < schema.minLength) {
    errors.push(`${at}: shorter than ${schema.minLength}`);
  }
  if (schema.maxLength !== undefined && length > schema.maxLength) {
    errors.push(`${at}: longer than ${schema.maxLength}`);
  }
  if (schema.pattern !== undefined && !patternRegExp(schema.pattern).test(value)) {
    errors.push(`${at}: does not match ${schema.pattern}`);
  }
  return errors;
}

/**
 * Whether `value` is a whole number of `step`s as the JSON text means it:
 * 310.45 is 31,045 × 0.01, though 310.45 / 0.01 is 31044.999999999996 in
 * binary. The slack is far below one step and above rounding error up to
 * the largest payment ($21,474,836.47 is 2^31 − 1 cents).
 */
function isMultipleOf(value: number, step: number): boolean {
  const steps = value / step;
  return Math.abs(steps - Math.round(steps)) < 1e-6;
}

function numberErrors(schema: JsonSchema, value: number, at: string): string[] {
  const errors: string[] = [];
  if (schema.minimum !== undefined && value < schema.minimum) {
    errors.push(`${at}: below ${schema.minimum}`);
  }
  if (schema.maximum !== undefined && value > schema.maximum) {
    errors.push(`${at}: above ${schema.maximum}`);
  }
  if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) {
    errors.push(`${at}: not above ${schema.exclusiveMinimum}`);
  }
  if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) {
    errors.push(`${at}: not below ${schema.exclusiveMaximum}`);
  }
  if (schema.multipleOf !== undefined && !isMultipleOf(value, schema.multipleOf)) {
    errors.push(`${at}: not a multiple of ${schema.multipleOf}`);
  }
  return errors;
}

function arrayErrors(schema: JsonSchema, value: unknown[], at: string): string[] {
  const errors: string[] = [];
  if (schema.minItems !== undefined && value.length < schema.minItems) {
    errors.push(`${at}: fewer than ${schema.minItems} items`);
  }
  if (schema.maxItems !== undefined && value.length > schema.maxItems) {
    errors.push(`${at}: more than ${schema.maxItems} items`);
  }
  if (schema.items) {
    const items = schema.items;
    value.forEach((item, index) => errors.push(...schemaErrors(items, item, `${at}[${index}]`)));
  }
  return errors;
}

function objectErrors(schema: JsonSchema, value: Record<string, unknown>, at: string): string[] {
  const errors: string[] = [];
  const properties = schema.properties ?? {};
  for (const key of schema.required ?? []) {
    if (!Object.hasOwn(value, key)) errors.push(`${at}: ${key} is required`);
  }
  for (const key of Object.keys(value)) {
    const where = `${at}.${key}`;
    if (schema.propertyNames) errors.push(...schemaErrors(schema.propertyNames, key, where));
    const known = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (known) {
      errors.push(...schemaErrors(known, value[key], where));
    } else if (schema.additionalProperties === false) {
      errors.push(`${where}: is not allowed`);
    } else if (isPlainObject(schema.additionalProperties)) {
      errors.push(...schemaErrors(schema.additionalProperties, value[key], where));
    }
  }
  return errors;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * JSON text for a value, keeping what JSON.stringify would drop or reorder:
 * own `__proto__` keys and RawJson tokens.
 */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (isPlainObject(value)) {
    const members = Object.keys(value).map(
      (key) => `${JSON.stringify(key)}:${toJsonText(value[key])}`,
    );
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
