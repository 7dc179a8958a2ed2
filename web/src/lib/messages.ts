import type { Language, Translation } from '@webpay/contracts/language';
import { useLanguage } from './language.ts';

/**
 * A feature's words in every language the portal speaks. The English is the
 * source (and keeps SPEC's wording to the letter); the Spanish is typed from
 * it, so a missing entry fails the type check, and the catalogue test
 * (`catalogues.test.ts`) fails on an empty one.
 */
export interface Catalogue<T> {
  readonly en: T;
  readonly es: Translation<T>;
}

export function defineCatalogue<T>(en: T, es: Translation<T>): Catalogue<T> {
  return { en, es };
}

export function messagesIn<T>(catalogue: Catalogue<T>, language: Language): Translation<T> {
  return catalogue[language] as Translation<T>;
}

/** A catalogue's words in the language the portal is read in; re-renders when it changes. */
export function useMessages<T>(catalogue: Catalogue<T>): Translation<T> {
  return messagesIn(catalogue, useLanguage());
}
