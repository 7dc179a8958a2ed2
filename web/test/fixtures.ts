import type { Claims, User } from '@webpay/contracts/auth';
import type { Encounter, EncountersResponse } from '@webpay/contracts/encounters';
import type { AppConfig } from '@webpay/contracts/config';
import { writeStoredSession } from '@/lib/session-storage.ts';

export const maria: User = {
  email: 'maria.garcia@example.com',
  firstName: 'Maria',
  lastName: 'Garcia',
  mmi: '5001001',
  supportPhone: '(801) 555-0142',
  context: { facility: '107', accountNumber: '100200300' },
};

export function claimsFor(overrides: Partial<Claims> = {}): Claims {
  const now = Math.floor(Date.now() / 1000);
  return {
    sub: '100200300',
    sid: 'session-1',
    guarantor: 'guarantor-1',
    roles: ['historical-data'],
    loginType: 'pin',
    iat: now,
    exp: now + 900,
    ...overrides,
  };
}

function base64Url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A token the portal can decode; the portal never verifies signatures, the server does. */
export function tokenFor(claims: Claims = claimsFor()): string {
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(claims)}.signature`;
}

/** Maria signed in with a PIN ten minutes from expiry, as a returning visit finds her session. */
export function storeMariasSession(): void {
  const claims = claimsFor();
  writeStoredSession({
    token: tokenFor(claims),
    expiresAt: Date.now() + 600_000,
    user: maria,
    claims,
  });
}

export const appConfig: AppConfig = {
  centralFacility: { id: '107', name: 'Hospitals & Clinics' },
  externalARFacilities: [{ id: '153', name: 'Central Lab' }],
  supportPhones: { '107': '(801) 555-0107' },
  fallbackSupportPhone: '(801) 555-0100',
  timeZone: 'America/Denver',
  branding: {
    providerName: 'Canyon Health',
    portalName: 'Canyon Pay',
    tagline: '',
    logoUrl: '/webpay/logo.svg',
    accentColor: '#0f766e',
    supportEmail: 'billing@example.com',
  },
  cardProcessor: {
    lightboxScriptUrl: 'https://processor.example/hosted-payments/PayWithConverge.js',
    origin: 'https://processor.example',
    // The page the tests run in is the portal's own address.
    portalOrigins: [window.location.origin],
  },
};

export function encounter(overrides: Partial<Encounter> = {}): Encounter {
  return {
    facilityId: '107',
    accountNumber: '40010001',
    patientName: 'Maria Garcia',
    status: 'self_pay',
    admitDate: '2026-06-02',
    balance: 1250,
    type: 'ENT',
    ...overrides,
  };
}

export const mariaEncounters: EncountersResponse = {
  encounters: [
    encounter(),
    encounter({
      accountNumber: '40010002',
      patientName: 'Daniel Garcia',
      admitDate: '2026-08-15',
      balance: 310.45,
    }),
    encounter({ accountNumber: '40010003', admitDate: '2026-09-30', balance: 0 }),
    encounter({ facilityId: '153', accountNumber: '80001', balance: 45.2, type: 'EXAR' }),
  ],
  paymentPlans: [],
};
