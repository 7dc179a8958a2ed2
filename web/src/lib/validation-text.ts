import { useMemo } from 'react';
import type { Language } from '@webpay/contracts/language';
import { messageLookup, type SchemaMessages } from '@webpay/contracts/message-lookup';
import { useLanguage } from './language.ts';

/** A shared schema's messages in every language (a catalogue of contracts' `*_MESSAGES`). */
export type ValidationMessages = SchemaMessages;

/**
 * A form shows each error of the shared zod schemas in the reader's language,
 * looked up among the catalogues of the schemas it uses; a message from
 * elsewhere is shown as it came.
 */
export function validationTextIn(
  language: Language,
  catalogues: readonly ValidationMessages[],
): (message: string | undefined) => string | undefined {
  const lookUp = messageLookup(catalogues);
  return (message) => (message === undefined ? undefined : (lookUp(message, language) ?? message));
}

/** `validationTextIn` for the language the portal is read in; keep the list a module constant. */
export function useValidationText(
  catalogues: readonly ValidationMessages[],
): (message: string | undefined) => string | undefined {
  const language = useLanguage();
  return useMemo(() => validationTextIn(language, catalogues), [language, catalogues]);
}
