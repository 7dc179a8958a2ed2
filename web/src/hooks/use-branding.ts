import { useEffect } from 'react';
import type { User } from '@webpay/contracts/auth';
import { LOGIN_PROMO, LOGIN_PROMO_ES } from '@webpay/contracts/messages';
import { DEFAULT_BRANDING } from '@/config/constants.ts';
import { applyAccent } from '@/lib/color.ts';
import { useLanguage } from '@/lib/language.ts';
import { useAppConfig } from '@/config/get-app-config.ts';
import { pageBranding } from '@/config/page-branding.ts';

export interface Branding {
  portalName: string;
  /** The hospital or clinic behind the portal; unknown until the config arrives. */
  providerName?: string;
  logoUrl: string;
  /**
   * SPEC §1's 'Secure ... Portal' heading of the login page: the provider's own
   * words when configured, else ours in the reader's language.
   */
  tagline: string;
  accentColor: string;
  supportEmail?: string;
  fallbackSupportPhone?: string;
}

/**
 * The provider's branding; until (or unless) the config arrives, the logo
 * and name the page was served with, else neutral defaults.
 */
export function useBranding(): Branding {
  const { data } = useAppConfig();
  const branding = data?.branding;
  const ourTagline = useLanguage() === 'es' ? LOGIN_PROMO_ES.heading : LOGIN_PROMO.heading;
  return {
    portalName: branding?.portalName || pageBranding().portalName || DEFAULT_BRANDING.portalName,
    providerName: branding?.providerName || undefined,
    logoUrl: branding?.logoUrl || pageBranding().logoUrl || DEFAULT_BRANDING.logoUrl,
    tagline: branding?.tagline || ourTagline,
    accentColor: branding?.accentColor ?? DEFAULT_BRANDING.accentColor,
    supportEmail: branding?.supportEmail || undefined,
    fallbackSupportPhone: data?.fallbackSupportPhone || undefined,
  };
}

/** Puts the configured accent colour into the page's CSS variables. */
export function useAccentColor(): void {
  const { accentColor } = useBranding();
  useEffect(() => applyAccent(accentColor), [accentColor]);
}

/** SPEC §1: the user's own support phone, else the configured fallback. */
export function useSupportPhone(user: Pick<User, 'supportPhone'> | null | undefined) {
  const { fallbackSupportPhone } = useBranding();
  return user?.supportPhone || fallbackSupportPhone;
}
