import { DEVELOPMENT_API_KEY } from '@webpay/contracts/api';

/*
 * Production fails closed: a setting that is safe for a developer's laptop
 * (the embedded database, demo guarantors with published PINs, e-mail to a
 * local folder, the Converge emulator) stops the service in production
 * rather than being used quietly. Each rule names its variable and says
 * what to set instead; values are never echoed, as several are secrets.
 */

export const DEVELOPMENT_JWT_SECRET = 'development-only-jwt-secret-do-not-use-in-production';
export const SANDBOX_CONVERGE_CREDENTIALS = {
  merchantId: 'sandbox-merchant-id',
  userId: 'sandbox-user',
  pin: 'SANDBOX-PIN-NOT-A-SECRET',
} as const;
/** Where the built-in Converge emulator is mounted on this server. */
export const SANDBOX_CONVERGE_PATH = '/sandbox/converge';
/** Elavon's test environment (api.demo.convergepay.com and the like). */
const CONVERGE_DEMO_HOST = /(^|\.)demo\.convergepay\.com$/i;

/** A random secret of this many bits or more; 32 random bytes carry 256. */
export const MIN_SECRET_BITS = 128;

/** The settings the rules read, as parsed and before defaults are filled in. */
export interface ProductionSettings {
  DATABASE_URL?: string | undefined;
  DEMO_DATA?: boolean | undefined;
  SMTP_URL?: string | undefined;
  PUBLIC_URL?: string | undefined;
  SANDBOX_PROCESSOR?: boolean | undefined;
  CONVERGE_HOSTED_URL?: string | undefined;
  CONVERGE_XML_URL?: string | undefined;
  CONVERGE_MERCHANT_ID: string;
  CONVERGE_USER_ID: string;
  CONVERGE_PIN: string;
  WEBPAY_API_KEY: string;
  JWT_SECRET: string;
  JWT_SIGNING_KEYS?: readonly { secret: string }[] | undefined;
  WEBPAY_FAULT_INJECTION?: string | undefined;
}

export interface SettingProblem {
  variable: keyof ProductionSettings;
  message: string;
}

/**
 * Bits a secret could carry at most: its length times the bits of its
 * alphabet. A hex or base64 string from a random source passes; a word
 * repeated or one character many times does not.
 */
export function secretBits(secret: string): number {
  const alphabet = new Set(secret).size;
  return alphabet < 2 ? 0 : secret.length * Math.log2(alphabet);
}

function weakSecret(secret: string): string | undefined {
  if (secret === DEVELOPMENT_JWT_SECRET) {
    return 'is the development secret, refused in production';
  }
  if (typeof secret === 'string' && secretBits(secret) < MIN_SECRET_BITS) {
    return 'is too predictable for production (a short alphabet or repeated characters); use 32 random bytes, e.g. `openssl rand -base64 32`';
  }
  return undefined;
}

function parsedUrl(value: string | undefined): URL | undefined {
  if (value === undefined) return undefined;
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

function convergeUrlProblem(value: string | undefined, example: string): string | undefined {
  const url = parsedUrl(value);
  if (!url) return `must be set in production to Converge's production address (${example})`;
  if (url.protocol !== 'https:') return 'must be an https:// URL in production';
  if (CONVERGE_DEMO_HOST.test(url.hostname) || url.pathname.startsWith(SANDBOX_CONVERGE_PATH)) {
    return `points at a Converge test environment, refused in production; use ${example}`;
  }
  return undefined;
}

function infrastructureProblems(settings: ProductionSettings): SettingProblem[] {
  const problems: SettingProblem[] = [];
  const database = parsedUrl(settings.DATABASE_URL);
  if (!database || !/^postgres(ql)?:$/.test(database.protocol)) {
    problems.push({
      variable: 'DATABASE_URL',
      message:
        'production needs PostgreSQL: set a postgres:// URL (the embedded database, on disk or in memory, is for development)',
    });
  }
  if (settings.DEMO_DATA === true) {
    problems.push({
      variable: 'DEMO_DATA',
      message: 'loads demo guarantors whose PINs are published, refused in production; unset it',
    });
  }
  if (!settings.SMTP_URL) {
    problems.push({
      variable: 'SMTP_URL',
      message:
        'production needs a mail server: set an smtp:// or smtps:// URL (the local outbox is for development)',
    });
  }
  if (parsedUrl(settings.PUBLIC_URL)?.protocol !== 'https:') {
    problems.push({
      variable: 'PUBLIC_URL',
      message: "must be set in production to the portal's public https:// address",
    });
  }
  if (settings.WEBPAY_FAULT_INJECTION !== undefined) {
    problems.push({
      variable: 'WEBPAY_FAULT_INJECTION',
      message: 'kills the process on purpose and is refused in production; unset it',
    });
  }
  return problems;
}

function processorProblems(settings: ProductionSettings): SettingProblem[] {
  const problems: SettingProblem[] = [];
  if (settings.SANDBOX_PROCESSOR === true) {
    problems.push({
      variable: 'SANDBOX_PROCESSOR',
      message: 'serves the Converge emulator, refused in production; unset it',
    });
  }
  const hosted = convergeUrlProblem(
    settings.CONVERGE_HOSTED_URL,
    'https://api.convergepay.com/hosted-payments',
  );
  if (hosted) problems.push({ variable: 'CONVERGE_HOSTED_URL', message: hosted });
  const xml = convergeUrlProblem(
    settings.CONVERGE_XML_URL,
    'https://api.convergepay.com/VirtualMerchant/processxml.do',
  );
  if (xml) problems.push({ variable: 'CONVERGE_XML_URL', message: xml });
  const credentials = [
    [
      'CONVERGE_MERCHANT_ID',
      settings.CONVERGE_MERCHANT_ID,
      SANDBOX_CONVERGE_CREDENTIALS.merchantId,
    ],
    ['CONVERGE_USER_ID', settings.CONVERGE_USER_ID, SANDBOX_CONVERGE_CREDENTIALS.userId],
    ['CONVERGE_PIN', settings.CONVERGE_PIN, SANDBOX_CONVERGE_CREDENTIALS.pin],
  ] as const;
  for (const [variable, value, sandboxValue] of credentials) {
    if (value !== sandboxValue) continue;
    problems.push({
      variable,
      message: "is the sandbox's, refused in production; set the credential Converge issued",
    });
  }
  return problems;
}

function secretProblems(settings: ProductionSettings): SettingProblem[] {
  const problems: SettingProblem[] = [];
  if (settings.WEBPAY_API_KEY === DEVELOPMENT_API_KEY) {
    problems.push({
      variable: 'WEBPAY_API_KEY',
      message: 'the development key is refused in production; set a secret key',
    });
  }
  const jwt = weakSecret(settings.JWT_SECRET);
  if (jwt) problems.push({ variable: 'JWT_SECRET', message: jwt });
  settings.JWT_SIGNING_KEYS?.forEach((key, index) => {
    const weak = weakSecret(key.secret);
    if (weak)
      problems.push({ variable: 'JWT_SIGNING_KEYS', message: `entry ${index + 1} ${weak}` });
  });
  return problems;
}

/** Every reason the settings are unsafe for production, all at once. */
export function productionProblems(settings: ProductionSettings): SettingProblem[] {
  return [
    ...infrastructureProblems(settings),
    ...processorProblems(settings),
    ...secretProblems(settings),
  ];
}
