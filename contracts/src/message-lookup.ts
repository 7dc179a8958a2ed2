import type { Catalogue } from './catalogue.ts';
import type { Language } from './language.ts';

// Zod-free, so the portal's forms can use it without loading the schemas it does not need.

/** A catalogue of a shared schema's messages: plain strings in every language. */
export type SchemaMessages = Catalogue<Readonly<Record<string, string>>>;

/**
 * The shared schemas word their errors in English, SPEC's words, because a
 * zod issue carries only its message. This turns such a message into the
 * reader's language through the schemas' catalogues; undefined when the
 * message is in none of them. Each English message has one translation:
 * the same English with two different Spanish translations throws here,
 * when the lookup is built, rather than picking one.
 */
export function messageLookup(
  catalogues: readonly SchemaMessages[],
): (message: string, language: Language) => string | undefined {
  const spanish = new Map<string, string>();
  for (const catalogue of catalogues) {
    for (const [key, text] of Object.entries(catalogue.en)) {
      const words = catalogue.es[key];
      if (words === undefined) continue;
      const known = spanish.get(text);
      if (known !== undefined && known !== words) {
        throw new Error(`"${text}" has two Spanish translations: "${known}" and "${words}"`);
      }
      spanish.set(text, words);
    }
  }
  return (message, language) => {
    if (!spanish.has(message)) return undefined;
    return language === 'en' ? message : spanish.get(message);
  };
}
