import type { Language } from './language.ts';

// Zod-free, so the portal's forms can use it without loading the schemas it does not need.

/** A schema's messages in English, and the same keys in Spanish (the `*_MESSAGES_ES` twins). */
export type MessagePair = readonly [
  english: Readonly<Record<string, string>>,
  spanish: Readonly<Record<string, string>>,
];

/**
 * The shared schemas word their errors in English, SPEC's words. This turns
 * one of those messages into the reader's language by its English text;
 * undefined when the message is not in the given catalogues. The same English
 * in two catalogues takes the first translation.
 */
export function messageLookup(
  pairs: readonly MessagePair[],
): (message: string, language: Language) => string | undefined {
  const spanish = new Map<string, string>();
  for (const [english, translated] of pairs) {
    for (const [key, text] of Object.entries(english)) {
      const words = translated[key];
      if (words && !spanish.has(text)) spanish.set(text, words);
    }
  }
  return (message, language) => {
    if (!spanish.has(message)) return undefined;
    return language === 'en' ? message : spanish.get(message);
  };
}
