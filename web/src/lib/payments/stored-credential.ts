import type { User } from '@webpay/contracts/auth';
import type { AppConfig } from '@webpay/contracts/config';
import type { Language } from '@webpay/contracts/language';
import {
  storedCredentialConsentText,
  type PaymentMethodKind,
} from '@webpay/contracts/payment-methods';
import { useAppConfig } from '@/config/get-app-config.ts';
import { useLanguage } from '@/lib/language.ts';
import { useSession } from '@/lib/session.ts';

/**
 * The consent to keep a card or bank account on file, worded from what the
 * portal knows: the provider of the app configuration and the guarantor's
 * own billing office phone (else the fallback). The service words it again
 * from the same values and keeps the method only when the two are the same.
 */
export function consentText(
  language: Language,
  kind: PaymentMethodKind,
  config: Pick<AppConfig, 'branding' | 'fallbackSupportPhone'>,
  user: Pick<User, 'supportPhone'> | undefined,
): string {
  const own = user?.supportPhone?.trim();
  return storedCredentialConsentText(language, kind, {
    payee: config.branding.providerName,
    billingOfficePhone: own ? own : config.fallbackSupportPhone,
  });
}

/** The consent in the language the portal is read in; '' until the configuration arrives. */
export function useConsentText(kind: PaymentMethodKind): string {
  const config = useAppConfig().data;
  const user = useSession()?.user;
  const language = useLanguage();
  return config ? consentText(language, kind, config, user) : '';
}
