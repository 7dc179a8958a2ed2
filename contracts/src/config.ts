import { z } from 'zod';
import { facilityIdSchema, facilitySchema } from './facilities.ts';

/** The provider's branding; configurable without code changes. */
export const brandingSchema = z
  .object({
    providerName: z.string(),
    portalName: z.string(),
    /** The provider's own login heading; empty for the portal's, in the reader's language. */
    tagline: z.string(),
    logoUrl: z.string(),
    accentColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    supportEmail: z.string(),
  })
  .meta({ id: 'Branding' });
export type Branding = z.infer<typeof brandingSchema>;

/** Where the portal loads the card processor's lightbox script from (SPEC §7). */
export const cardProcessorSchema = z
  .object({
    lightboxScriptUrl: z.string(),
    origin: z.string(),
    /** The origins of pages the card window opens in: the portal's public address (PUBLIC_URL). */
    portalOrigins: z.array(z.string()),
  })
  .meta({ id: 'CardProcessor' });
export type CardProcessor = z.infer<typeof cardProcessorSchema>;

/** GET /config/app (SPEC §3 App config, §7). */
export const appConfigSchema = z
  .object({
    centralFacility: facilitySchema,
    externalARFacilities: z.array(facilitySchema),
    supportPhones: z.record(facilityIdSchema, z.string()),
    fallbackSupportPhone: z.string(),
    /**
     * The hospital's IANA time zone: every day the service counts (a payment's
     * day, due dates, the history's range, eCheck authorizations) is its day.
     */
    timeZone: z.string().meta({ example: 'America/Denver' }),
    branding: brandingSchema,
    cardProcessor: cardProcessorSchema,
  })
  .meta({ id: 'AppConfig' });
export type AppConfig = z.infer<typeof appConfigSchema>;

export const facilityContactSchema = z
  .object({
    id: facilityIdSchema,
    name: z.string(),
    phone: z.string(),
    hours: z.string(),
    address: z.string(),
    email: z.string(),
  })
  .meta({ id: 'FacilityContact' });
export type FacilityContact = z.infer<typeof facilityContactSchema>;

/** GET /config/contactInfo: each facility's contact, and the guarantor's support phone when signed in. */
export const contactInfoSchema = z
  .object({
    facilities: z.array(facilityContactSchema),
    supportPhone: z.string(),
    supportEmail: z.string(),
  })
  .meta({ id: 'ContactInfo' });
export type ContactInfo = z.infer<typeof contactInfoSchema>;
