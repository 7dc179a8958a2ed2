import { describe, expect, it } from 'vitest';
import { catalogueGaps } from '@webpay/contracts/language';
import { catalogueGlossaryViolations } from '@webpay/contracts/spanish-glossary';
import type { Catalogue } from './messages.ts';

/*
 * Decision 0013: every catalogue of the portal has each English entry in
 * Spanish, non-empty. The type check catches a missing key; this catches an
 * empty text, a function that words nothing, and a catalogue built around
 * the type system.
 */

const modules = import.meta.glob<Record<string, unknown>>('../**/*.messages.ts', { eager: true });

function isCatalogue(value: unknown): value is Catalogue<unknown> {
  return typeof value === 'object' && value !== null && 'en' in value && 'es' in value;
}

const catalogues = Object.entries(modules).flatMap(([path, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => isCatalogue(value))
    .map(
      ([name, value]) =>
        [`${path.replace('../', '')} ${name}`, value as Catalogue<unknown>] as const,
    ),
);

describe("the portal's catalogues (decision 0013)", () => {
  it('are found beside the features that use them', () => {
    expect(catalogues.length).toBeGreaterThanOrEqual(10);
  });

  it.each(catalogues)('%s has every English entry in Spanish', (_name, catalogue) => {
    expect(catalogueGaps(catalogue.en, catalogue.es)).toEqual([]);
  });

  // docs/spanish-glossary.md: one Spanish term for each English term.
  it.each(catalogues)('%s follows the Spanish glossary', (name, catalogue) => {
    expect(catalogueGlossaryViolations(catalogue.es, name)).toEqual([]);
  });

  it('finds a missing or empty translation', () => {
    const english = { title: 'Pay', greet: (name: string) => `Hi ${name}`, nested: { a: 'A' } };
    expect(catalogueGaps(english, { title: '', greet: () => ' ', nested: {} })).toEqual([
      'title',
      'greet',
      'nested.a',
    ]);
  });
});
