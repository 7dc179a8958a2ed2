import fc from 'fast-check';
import {
  patternRegExp,
  schemaErrors,
  stringLength,
  typesOf,
  type JsonSchema,
} from './json-schema.ts';

/*
 * fast-check arbitraries of values that conform to a JSON schema: the
 * "valid" half of schema-driven fuzzing. Boundaries (shortest and longest
 * strings, smallest and largest numbers, fewest and most items) come up
 * often, as fast-check biases towards them.
 */

/** The description our document gives dollar amounts (contracts' dollarAmountSchema). */
export const MONEY_DESCRIPTION = 'US dollars with at most two decimals';

export function isMoney(schema: JsonSchema): boolean {
  return schema.description === MONEY_DESCRIPTION && (typesOf(schema) ?? []).includes('number');
}

/**
 * Known-good values for a property or parameter by name (a real statement
 * id, the demo guarantor's accounts), so that valid requests also reach the
 * code behind the look-ups instead of stopping at "not found".
 */
export type Hints = (name: string) => fc.Arbitrary<unknown> | undefined;

const noHints: Hints = () => undefined;

/** Strings in fuzzed values stay short unless a boundary asks otherwise: speed, not coverage, is at stake. */
const TYPICAL_STRING_LENGTH = 24;
const TYPICAL_ARRAY_LENGTH = 3;
const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

export function validArbitrary(
  schema: JsonSchema,
  hints: Hints = noHints,
  name?: string,
): fc.Arbitrary<unknown> {
  const generated = generatedArbitrary(schema, hints);
  const hinted = name === undefined ? undefined : hints(name);
  const example =
    schema.example !== undefined && schemaErrors(schema, schema.example).length === 0
      ? fc.constant(schema.example)
      : undefined;
  const choices = [
    ...(hinted ? [{ weight: 6, arbitrary: hinted }] : []),
    ...(example ? [{ weight: 1, arbitrary: example }] : []),
    { weight: 3, arbitrary: generated },
  ];
  return choices.length === 1 ? generated : fc.oneof(...choices);
}

function generatedArbitrary(schema: JsonSchema, hints: Hints): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return fc.oneof(...options.map((option) => validArbitrary(option, hints)));
  const types = typesOf(schema);
  if (!types) return fc.jsonValue({ maxDepth: 2 });
  const byType = types.map((type) => {
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
        return integerArbitrary(schema);
      case 'number':
        return numberArbitrary(schema);
      case 'string':
        return stringArbitrary(schema);
      case 'array':
        return arrayArbitrary(schema, hints);
      case 'object':
        return objectArbitrary(schema, hints);
    }
  });
  return byType.length === 1 && byType[0] ? byType[0] : fc.oneof(...byType);
}

function integerArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const lowest = Math.max(
    schema.minimum ?? INT32_MIN,
    schema.exclusiveMinimum === undefined ? INT32_MIN : Math.floor(schema.exclusiveMinimum) + 1,
    INT32_MIN,
  );
  const highest = Math.min(
    schema.maximum ?? INT32_MAX,
    schema.exclusiveMaximum === undefined ? INT32_MAX : Math.ceil(schema.exclusiveMaximum) - 1,
    INT32_MAX,
  );
  return fc.integer({ min: lowest, max: highest });
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  // Amounts small enough for the demo balances, so valid payments get past the balance check.
  if (isMoney(schema)) return fc.integer({ min: 1, max: 2_000 }).map((cents) => cents / 100);
  return fc.double({
    min: schema.minimum ?? schema.exclusiveMinimum ?? -1e9,
    max: schema.maximum ?? schema.exclusiveMaximum ?? 1e9,
    minExcluded: schema.minimum === undefined && schema.exclusiveMinimum !== undefined,
    maxExcluded: schema.maximum === undefined && schema.exclusiveMaximum !== undefined,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

const isoDate = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z') })
  .filter((date) => !Number.isNaN(date.getTime()))
  .map((date) => date.toISOString());

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength;
  const fits = (value: string) => {
    const length = stringLength(value);
    return length >= minLength && (maxLength === undefined || length <= maxLength);
  };
  if (schema.format === 'date') return isoDate.map((value) => value.slice(0, 10));
  if (schema.format === 'date-time') return isoDate;
  // Several patterns (zod writes a second one into allOf): generate from the last, usually
  // the narrowest, and keep what matches them all.
  const patterns = [schema.pattern, ...(schema.allOf ?? []).map((part) => part.pattern)].filter(
    (pattern): pattern is string => pattern !== undefined,
  );
  const narrowest = patterns.at(-1);
  if (narrowest !== undefined) {
    const matchesAll = (value: string) =>
      patterns.every((pattern) => patternRegExp(pattern).test(value));
    return fc
      .stringMatching(patternRegExp(narrowest))
      .filter((value) => fits(value) && matchesAll(value));
  }
  const typicalMax = Math.min(maxLength ?? Infinity, minLength + TYPICAL_STRING_LENGTH);
  const typical = fc.string({ minLength, maxLength: typicalMax, unit: 'grapheme' }).filter(fits);
  if (maxLength === undefined || maxLength === typicalMax) return typical;
  const longest = fc.string({ minLength: maxLength, maxLength, unit: 'grapheme-ascii' });
  return fc.oneof({ weight: 4, arbitrary: typical }, { weight: 1, arbitrary: longest });
}

function arrayArbitrary(schema: JsonSchema, hints: Hints): fc.Arbitrary<unknown[]> {
  const items = schema.items ? validArbitrary(schema.items, hints) : fc.jsonValue({ maxDepth: 1 });
  const minLength = schema.minItems ?? 0;
  const maxLength = Math.min(schema.maxItems ?? Infinity, minLength + TYPICAL_ARRAY_LENGTH);
  return fc.array(items, { minLength, maxLength });
}

function objectArbitrary(schema: JsonSchema, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  if (names.length === 0 && typeof schema.additionalProperties === 'object') {
    const keys = schema.propertyNames
      ? (stringArbitrary(schema.propertyNames) as fc.Arbitrary<string>)
      : fc.string({ maxLength: 16 });
    return fc.dictionary(keys, validArbitrary(schema.additionalProperties, hints), {
      maxKeys: 4,
    });
  }
  const model = Object.fromEntries(
    names.map((name) => [name, validArbitrary(properties[name] ?? {}, hints, name)]),
  );
  return fc.record(model, { requiredKeys: schema.required ?? [] });
}
