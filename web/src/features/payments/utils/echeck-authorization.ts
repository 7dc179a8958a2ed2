import type { User } from '@webpay/contracts/auth';
import type { AppConfig } from '@webpay/contracts/config';
import {
  authorizationTerms,
  eCheckAuthorizationText,
  type AuthorizationSources,
  type AuthorizedDebit,
} from '@webpay/contracts/echeck-authorization';
import type { Language } from '@webpay/contracts/language';

/**
 * What the eCheck authorization states besides the debit, from what the
 * portal knows: the provider and billing e-mail of the app configuration,
 * the hospital's time zone, and the guarantor's own support phone (the
 * billing office their Contact page shows). The service words the same
 * text from the same values, and refuses a payment whose text differs.
 */
export function authorizationSources(
  config: Pick<AppConfig, 'branding' | 'fallbackSupportPhone' | 'timeZone'>,
  user: Pick<User, 'supportPhone'>,
): AuthorizationSources {
  return {
    payee: config.branding.providerName,
    billingOfficeEmail: config.branding.supportEmail,
    supportPhone: user.supportPhone,
    fallbackSupportPhone: config.fallbackSupportPhone,
    timeZone: config.timeZone,
  };
}

/** The authorization of a debit made now, in the language the portal is read in. */
export function authorizationText(
  language: Language,
  sources: AuthorizationSources,
  debit: AuthorizedDebit,
  now: Date = new Date(),
): string {
  return eCheckAuthorizationText(language, authorizationTerms(sources, debit, now));
}
