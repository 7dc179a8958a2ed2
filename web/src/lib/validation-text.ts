import { useMemo } from 'react';
import type { Language } from '@webpay/contracts/language';
import { useLanguage } from './language.ts';

/** A shared schema's messages in English and the same keys in Spanish (contracts' `*_MESSAGES_ES`). */
export type ValidationMessages = readonly [
  english: Readonly<Record<string, string>>,
  spanish: Readonly<Record<string, string>>,
];

/**
 * The shared zod schemas word their errors in English, SPEC's words, for the
 * service and the portal alike. A form shows each error in the reader's
 * language by looking its English up in the catalogues of the schemas it uses;
 * a message from elsewhere is shown as it came.
 */
export function validationTextIn(
  language: Language,
  catalogues: readonly ValidationMessages[],
): (message: string | undefined) => string | undefined {
  if (language === 'en') return (message) => message;
  const spanish = new Map<string, string>();
  for (const [english, translated] of catalogues) {
    for (const [key, text] of Object.entries(english)) {
      const words = translated[key];
      if (words && !spanish.has(text)) spanish.set(text, words);
    }
  }
  return (message) => (message === undefined ? undefined : (spanish.get(message) ?? message));
}

/** `validationTextIn` for the language the portal is read in; keep the list a module constant. */
export function useValidationText(
  catalogues: readonly ValidationMessages[],
): (message: string | undefined) => string | undefined {
  const language = useLanguage();
  return useMemo(() => validationTextIn(language, catalogues), [language, catalogues]);
}
