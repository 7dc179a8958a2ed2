import {
  authorizationTerms,
  eCheckAuthorizationText,
  type AcceptedAuthorization,
  type AuthorizationSources,
  type AuthorizedDebit,
} from '@webpay/contracts/echeck-authorization';
import { formatDateIn, type Language } from '@webpay/contracts/language';
import type { ECheckAuthorization } from '@webpay/contracts/payments';
import { apiErrors, fieldText } from '../../lib/api-error.ts';

/** The service's settings behind an authorization; the guarantor's own phone comes per payment. */
export type AuthorizationSettings = Omit<AuthorizationSources, 'supportPhone'>;

/**
 * Words the authorization of this debit as the portal shows it to this
 * guarantor today, in the request's language, and checks that it is what
 * the payer accepted: the text kept with the payment is then both what they
 * read and what the hospital asks them to agree to. A page gone stale
 * (another day, a changed phone number) is refused with today's date, so
 * the payer can see what changed.
 */
export function acceptedAuthorization(
  settings: AuthorizationSettings,
  guarantor: { supportPhone: string | null; language: Language },
  debit: AuthorizedDebit,
  given: ECheckAuthorization,
  now: Date = new Date(),
): AcceptedAuthorization {
  const terms = authorizationTerms(
    { ...settings, supportPhone: guarantor.supportPhone },
    debit,
    now,
  );
  const text = eCheckAuthorizationText(guarantor.language, terms);
  if (given.text !== text) {
    throw apiErrors.validation([
      fieldText('body.authorization', (m, language) =>
        m.eCheckAuthorizationChanged(formatDateIn(language, terms.date)),
      ),
    ]);
  }
  return { text, language: guarantor.language };
}
