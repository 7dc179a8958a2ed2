import type { AppConfig, Branding, ContactInfo } from '@webpay/contracts/config';
import type { OfficeConfig } from '@webpay/contracts/office';
import { processorOrigin, type Env } from '../../env.ts';
import type { ConfigRepository, FacilityRow } from './config.repository.ts';

export type BrandingEnv = Pick<
  Env,
  | 'WEBPAY_PROVIDER_NAME'
  | 'WEBPAY_PORTAL_NAME'
  | 'WEBPAY_TAGLINE'
  | 'WEBPAY_LOGO_URL'
  | 'WEBPAY_ACCENT_COLOR'
  | 'WEBPAY_SUPPORT_EMAIL'
  | 'WEBPAY_FALLBACK_SUPPORT_PHONE'
  | 'WEBPAY_TIME_ZONE'
  | 'CONVERGE_HOSTED_URL'
  | 'PUBLIC_URL'
>;

export function brandingFrom(env: BrandingEnv): Branding {
  return {
    providerName: env.WEBPAY_PROVIDER_NAME,
    portalName: env.WEBPAY_PORTAL_NAME,
    tagline: env.WEBPAY_TAGLINE,
    logoUrl: env.WEBPAY_LOGO_URL,
    accentColor: env.WEBPAY_ACCENT_COLOR,
    supportEmail: env.WEBPAY_SUPPORT_EMAIL,
  };
}

/** A guarantor's own support phone, or the provider's fallback when there is none (SPEC §1). */
export function supportPhoneOrFallback(phone: string | null | undefined, fallback: string): string {
  return phone?.trim() ? phone : fallback;
}

const toFacility = (row: FacilityRow) => ({ id: row.id, name: row.name });

export class ConfigService {
  private readonly branding: Branding;

  constructor(
    private readonly repository: ConfigRepository,
    private readonly env: BrandingEnv,
  ) {
    this.branding = brandingFrom(env);
  }

  get fallbackSupportPhone(): string {
    return this.env.WEBPAY_FALLBACK_SUPPORT_PHONE;
  }

  async appConfig(): Promise<AppConfig> {
    const rows = await this.repository.listFacilities();
    const central = rows.find((row) => row.kind === 'central');
    if (!central) throw new Error('Reference data is missing: no central facility');
    return {
      centralFacility: toFacility(central),
      externalARFacilities: rows.filter((row) => row.kind === 'external').map(toFacility),
      supportPhones: Object.fromEntries(rows.map((row) => [row.id, row.supportPhone])),
      fallbackSupportPhone: this.fallbackSupportPhone,
      timeZone: this.env.WEBPAY_TIME_ZONE,
      branding: this.branding,
      cardProcessor: {
        lightboxScriptUrl: `${this.env.CONVERGE_HOSTED_URL}/PayWithConverge.js`,
        origin: processorOrigin(this.env),
        portalOrigins: [new URL(this.env.PUBLIC_URL).origin],
      },
    };
  }

  /** What the billing office console reads before a sign-in: the hospital's time zone alone. */
  officeConfig(): OfficeConfig {
    return { timeZone: this.env.WEBPAY_TIME_ZONE };
  }

  async contactInfo(guarantorId: string | null): Promise<ContactInfo> {
    const [rows, guarantorPhone] = await Promise.all([
      this.repository.listFacilities(),
      guarantorId ? this.repository.guarantorSupportPhone(guarantorId) : Promise.resolve(null),
    ]);
    return {
      facilities: rows.map((row) => ({
        id: row.id,
        name: row.name,
        phone: row.supportPhone,
        hours: row.hours,
        address: row.address,
        email: row.email,
      })),
      supportPhone: supportPhoneOrFallback(guarantorPhone, this.fallbackSupportPhone),
      supportEmail: this.branding.supportEmail,
    };
  }
}
