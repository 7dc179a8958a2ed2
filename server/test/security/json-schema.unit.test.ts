import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RawJson, dereference, schemaErrors, toJsonText, type JsonSchema } from './json-schema.ts';
import { MONEY_DESCRIPTION, validArbitrary } from './schema-arbitraries.ts';
import { inputProblems, mutationSites, mutationsAt, replaceAt } from './schema-mutations.ts';

/*
 * The fuzzer's own tools: its validator must read the document the way a
 * JSON Schema validator does, and its generator must make only what that
 * validator accepts, or the fuzz figures mean nothing.
 */

const payer: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 20, pattern: "^[\\p{L} '-]+$" },
    email: { anyOf: [{ type: 'string', maxLength: 256 }, { type: 'null' }] },
    age: { type: 'integer', exclusiveMinimum: 0, maximum: 150 },
    kind: { type: 'string', enum: ['a', 'b'] },
  },
  required: ['name', 'email'],
  additionalProperties: false,
};

const line: JsonSchema = {
  type: 'object',
  properties: {
    amount: { type: 'number', minimum: 0, description: MONEY_DESCRIPTION },
    tags: { type: 'object', propertyNames: { type: 'string', pattern: '^\\d+$' } },
  },
  required: ['amount'],
};

describe('schemaErrors', () => {
  it('accepts what the schema allows', () => {
    expect(schemaErrors(payer, { name: 'Zoë O’Brien'.replace('’', "'"), email: null })).toEqual([]);
    expect(schemaErrors(payer, { name: 'Ana', email: 'a@b.c', age: 1, kind: 'b' })).toEqual([]);
  });

  it('names what the schema forbids', () => {
    const errors = (value: unknown) => schemaErrors(payer, value).join(' | ');
    expect(errors({ email: null })).toContain('name is required');
    expect(errors({ name: 'Ana', email: null, role: 'admin' })).toContain('$.role: is not allowed');
    expect(errors({ name: 'Ana1', email: null })).toContain('does not match');
    expect(errors({ name: 'x'.repeat(21), email: null })).toContain('longer than 20');
    expect(errors({ name: 'Ana', email: 5 })).toContain('matches no anyOf option');
    expect(errors({ name: 'Ana', email: null, age: 0 })).toContain('not above 0');
    expect(errors({ name: 'Ana', email: null, age: 1.5 })).toContain('expected integer');
    expect(errors({ name: 'Ana', email: null, kind: 'c' })).toContain('not in enum');
    expect(errors([])).toContain('expected object');
    expect(schemaErrors(line, { amount: new RawJson('1e309') }).join()).toContain(
      'not a JSON value',
    );
    expect(schemaErrors(line, { amount: 1, tags: { x: 1 } }).join()).toContain('does not match');
  });

  it('reads multipleOf as the decimal the JSON text writes', () => {
    const cents: JsonSchema = { type: 'number', multipleOf: 0.01 };
    for (const amount of [0.07, 310.45, 1865.45, 21_474_836.47]) {
      expect(schemaErrors(cents, amount), String(amount)).toEqual([]);
    }
    for (const amount of [0.001, 12.345, 1e-7, 21_474_836.475]) {
      expect(schemaErrors(cents, amount).join(), String(amount)).toContain('not a multiple of');
    }
  });

  it('counts string length in code points, as JSON Schema does', () => {
    expect(schemaErrors({ type: 'string', maxLength: 2 }, '💳💸')).toEqual([]);
  });

  it('resolves local references', () => {
    const document = { components: { schemas: { Name: { type: 'string' } } } };
    expect(dereference({ $ref: '#/components/schemas/Name' }, document)).toEqual({
      type: 'string',
    });
  });
});

describe('inputProblems', () => {
  it('adds the rules the document cannot express: cents and safe JSON keys', () => {
    expect(inputProblems(line, { amount: 12.34 })).toEqual([]);
    expect(inputProblems(line, { amount: 12.345 }).join()).toContain('at most two decimals');
    expect(inputProblems(line, { amount: 0 }).join()).toContain('above zero');
    const polluted = JSON.parse('{"amount": 1, "__proto__": {"x": 1}}') as unknown;
    expect(inputProblems(line, polluted).join()).toContain('__proto__');
    const constructor = JSON.parse('{"amount": 1, "constructor": {"prototype": {}}}') as unknown;
    expect(inputProblems(line, constructor).join()).toContain('constructor.prototype');
  });
});

describe('toJsonText', () => {
  it('keeps own __proto__ keys and tokens JSON.stringify cannot write', () => {
    const value = JSON.parse('{"__proto__": {"x": 1}}') as unknown;
    expect(toJsonText(value)).toBe('{"__proto__":{"x":1}}');
    expect(toJsonText({ amount: new RawJson('1e309') })).toBe('{"amount":1e309}');
  });
});

describe('the generator and the mutations', () => {
  it('generates only values the validator accepts', () => {
    for (const schema of [payer, line]) {
      fc.assert(
        fc.property(validArbitrary(schema), (value) => schemaErrors(schema, value).length === 0),
        { seed: 1, numRuns: 300 },
      );
    }
  });

  it('can strike every node of a value, leaving the original alone', () => {
    const value = { name: 'Ana', email: null, age: 30 };
    const sites = mutationSites(payer, value);
    expect(sites.map((site) => site.path.join('.'))).toEqual(['', 'name', 'email', 'age']);
    for (const site of sites) {
      for (const mutation of mutationsAt(site)) replaceAt(value, site.path, mutation.replacement);
    }
    expect(value).toEqual({ name: 'Ana', email: null, age: 30 });
  });
});
