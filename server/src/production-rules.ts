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
  FINANCIAL_ASSISTANCE_POLICY_FILE?: string | undefined;
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

type Rule = (settings: ProductionSettings) => string | undefined;

const refusedWhen =
  (refused: (settings: ProductionSettings) => boolean, message: string): Rule =>
  (settings) =>
    refused(settings) ? message : undefined;

const sandboxCredential =
  (pick: (settings: ProductionSettings) => string, sandboxValue: string): Rule =>
  (settings) =>
    pick(settings) === sandboxValue
      ? "is the sandbox's, refused in production; set the credential Converge issued"
      : undefined;

/** One rule a variable, in the order an operator would set them; undefined when it holds. */
const RULES: readonly (readonly [keyof ProductionSettings, Rule])[] = [
  [
    'DATABASE_URL',
    refusedWhen(
      ({ DATABASE_URL }) => !/^postgres(ql)?:$/.test(parsedUrl(DATABASE_URL)?.protocol ?? ''),
      'production needs PostgreSQL: set a postgres:// URL (the embedded database, on disk or in memory, is for development)',
    ),
  ],
  [
    'DEMO_DATA',
    refusedWhen(
      ({ DEMO_DATA }) => DEMO_DATA === true,
      'loads demo guarantors and billing office staff whose PINs, passwords and TOTP keys are published, refused in production; unset it',
    ),
  ],
  [
    'SMTP_URL',
    refusedWhen(
      ({ SMTP_URL }) => !SMTP_URL,
      'production needs a mail server: set an smtp:// or smtps:// URL (the local outbox is for development)',
    ),
  ],
  [
    'PUBLIC_URL',
    refusedWhen(
      ({ PUBLIC_URL }) => parsedUrl(PUBLIC_URL)?.protocol !== 'https:',
      "must be set in production to the portal's public https:// address",
    ),
  ],
  [
    'SANDBOX_PROCESSOR',
    refusedWhen(
      ({ SANDBOX_PROCESSOR }) => SANDBOX_PROCESSOR === true,
      'serves the Converge emulator, refused in production; unset it',
    ),
  ],
  [
    'CONVERGE_HOSTED_URL',
    ({ CONVERGE_HOSTED_URL }) =>
      convergeUrlProblem(CONVERGE_HOSTED_URL, 'https://api.convergepay.com/hosted-payments'),
  ],
  [
    'CONVERGE_XML_URL',
    ({ CONVERGE_XML_URL }) =>
      convergeUrlProblem(
        CONVERGE_XML_URL,
        'https://api.convergepay.com/VirtualMerchant/processxml.do',
      ),
  ],
  [
    'CONVERGE_MERCHANT_ID',
    sandboxCredential(
      (settings) => settings.CONVERGE_MERCHANT_ID,
      SANDBOX_CONVERGE_CREDENTIALS.merchantId,
    ),
  ],
  [
    'CONVERGE_USER_ID',
    sandboxCredential((settings) => settings.CONVERGE_USER_ID, SANDBOX_CONVERGE_CREDENTIALS.userId),
  ],
  [
    'CONVERGE_PIN',
    sandboxCredential((settings) => settings.CONVERGE_PIN, SANDBOX_CONVERGE_CREDENTIALS.pin),
  ],
  [
    'WEBPAY_API_KEY',
    refusedWhen(
      ({ WEBPAY_API_KEY }) => WEBPAY_API_KEY === DEVELOPMENT_API_KEY,
      'the development key is refused in production; set a secret key',
    ),
  ],
  ['JWT_SECRET', ({ JWT_SECRET }) => weakSecret(JWT_SECRET)],
  [
    'FINANCIAL_ASSISTANCE_POLICY_FILE',
    refusedWhen(
      ({ FINANCIAL_ASSISTANCE_POLICY_FILE }) => !FINANCIAL_ASSISTANCE_POLICY_FILE,
      "production publishes the hospital's own financial assistance policy (section 501(r)): set the path of its policy file (docs/financial-assistance.md; docs/examples/financial-assistance-policy.json is the demo hospital's, a starting point)",
    ),
  ],
];

/** Every reason the settings are unsafe for production, all at once. */
export function productionProblems(settings: ProductionSettings): SettingProblem[] {
  const problems: SettingProblem[] = [];
  for (const [variable, rule] of RULES) {
    const message = rule(settings);
    if (message) problems.push({ variable, message });
  }
  settings.JWT_SIGNING_KEYS?.forEach((key, index) => {
    const weak = weakSecret(key.secret);
    if (weak)
      problems.push({ variable: 'JWT_SIGNING_KEYS', message: `entry ${index + 1} ${weak}` });
  });
  return problems;
}
