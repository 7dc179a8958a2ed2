import type { Language, Translation } from './language.ts';

/**
 * The one way WebPay translates (docs/decisions/0018-one-way-to-translate.md):
 * a catalogue holds a part of the product's words in every language, keyed
 * by ids. The English is the source (and keeps SPEC's wording to the
 * letter); every other language is typed from it, so a missing entry fails
 * the type check and the catalogue tests fail on an empty one. The portal's
 * features, the service's answers and e-mails, and the shared schemas'
 * messages all define theirs with `defineCatalogue`.
 */
export interface Catalogue<T> {
  readonly en: T;
  readonly es: Translation<T>;
}

export function defineCatalogue<T>(en: T, es: Translation<T>): Catalogue<T> {
  return { en, es };
}

/** A catalogue's words in one language. */
export function messagesIn<T>(catalogue: Catalogue<T>, language: Language): Translation<T> {
  return catalogue[language] as Translation<T>;
}
