import type { Translation } from '@webpay/contracts/language';
import { messagesIn, type Catalogue } from '@webpay/contracts/catalogue';
import { useLanguage } from './language.ts';

// The catalogues themselves are the shared kind (contracts/src/catalogue.ts).
export { defineCatalogue, messagesIn, type Catalogue } from '@webpay/contracts/catalogue';

/** A catalogue's words in the language the portal is read in; re-renders when it changes. */
export function useMessages<T>(catalogue: Catalogue<T>): Translation<T> {
  return messagesIn(catalogue, useLanguage());
}
