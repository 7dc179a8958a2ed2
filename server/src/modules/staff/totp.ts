import { Secret, TOTP } from 'otpauth';

/*
 * RFC 6238 as every authenticator app speaks it: HMAC-SHA-1, 6 digits,
 * 30-second steps. One step either side is accepted, for a phone clock a
 * little off and a code typed as it changes.
 */

export const TOTP_ISSUER = 'WebPay Billing Office';
const ALGORITHM = 'SHA1';
const DIGITS = 6;
const PERIOD_SECONDS = 30;
const WINDOW_STEPS = 1;
/** 160 bits, as RFC 4226 recommends for HMAC-SHA-1. */
const SECRET_BYTES = 20;

/** A new random TOTP key, in base32 (the form apps take by hand). */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The otpauth:// URI a QR code carries: issuer, the staff member's e-mail and the key. */
export function otpauthUri(secretBase32: string, email: string): string {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: email,
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  }).toString();
}

/** The time step a moment falls in. */
export function totpStepAt(at: Date): number {
  return Math.floor(at.getTime() / 1000 / PERIOD_SECONDS);
}

/**
 * The time step whose code `code` is, within the window around `at`; null
 * when it is none of them. The caller refuses a step already used (replay).
 */
export function matchTotpStep(secretBase32: string, code: string, at: Date): number | null {
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secretBase32),
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD_SECONDS,
    timestamp: at.getTime(),
    window: WINDOW_STEPS,
  });
  return delta === null ? null : totpStepAt(at) + delta;
}

/** The code of a key at a moment, as an authenticator app shows it. */
export function totpCodeAt(secretBase32: string, at: Date): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secretBase32),
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD_SECONDS,
    timestamp: at.getTime(),
  });
}
