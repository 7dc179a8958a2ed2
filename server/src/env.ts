import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { DEVELOPMENT_API_KEY } from '@webpay/contracts/api';
import { STAFF_ROLES, type StaffRole } from '@webpay/contracts/office';
import { parseDollarsToCents } from '@webpay/contracts/payment-desk';
import { readSecretFiles } from './env-files.ts';
import { installRoot } from './install-root.ts';
import { parseSigningKeys } from './modules/auth/signing-keys.ts';
import { parseSealingKeys } from './lib/payment-method-keys.ts';
import {
  DEVELOPMENT_JWT_SECRET,
  SANDBOX_CONVERGE_CREDENTIALS,
  SANDBOX_CONVERGE_PATH,
  productionProblems,
} from './production-rules.ts';

export { DEVELOPMENT_JWT_SECRET, SANDBOX_CONVERGE_CREDENTIALS, SANDBOX_CONVERGE_PATH };

/** Where /metrics and the API documentation answer in production unless ADMIN_PORT says otherwise. */
export const DEFAULT_ADMIN_PORT = 8081;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const TRUE_WORDS = new Set(['true', '1', 'yes', 'on']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'off']);

const booleanVar = (fallback: boolean) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .refine((value) => value === undefined || TRUE_WORDS.has(value) || FALSE_WORDS.has(value), {
      message: 'must be true or false',
    })
    .transform((value) => (value === undefined ? fallback : TRUE_WORDS.has(value)));

/** A boolean whose default depends on other variables: undefined when unset. */
const optionalBooleanVar = z
  .string()
  .trim()
  .toLowerCase()
  .optional()
  .transform((value) => (value === '' ? undefined : value))
  .refine((value) => value === undefined || TRUE_WORDS.has(value) || FALSE_WORDS.has(value), {
    message: 'must be true or false',
  })
  .transform((value) => (value === undefined ? undefined : TRUE_WORDS.has(value)));

/** A whole number in range, or `fallback` when unset (undefined: the default depends on other variables). */
const integerVar = <Fallback extends number | undefined>(
  fallback: Fallback,
  min: number,
  max: number,
) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx): number | Fallback => {
      if (value === undefined || value === '') return fallback;
      const parsed = Number(value);
      if (!/^\d+$/.test(value) || parsed < min || parsed > max) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return parsed;
    });

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

const stringVar = (fallback: string) => optionalString.transform((value) => value ?? fallback);

const urlWithProtocols = (protocols: readonly string[], description: string) =>
  optionalString.refine(
    (value) => {
      if (value === undefined) return true;
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be ${description}` },
  );

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const httpUrl = urlWithProtocols(['http:', 'https:'], 'an http:// or https:// URL');

/** TRUST_PROXY: how far to believe X-Forwarded-For when the service sits behind a load balancer. */
const trustProxyVar = optionalString.transform((value): boolean | number | string => {
  if (value === undefined) return false;
  // Digits are a hop count (the usual "one load balancer in front" is 1), not a boolean.
  if (/^\d+$/.test(value)) return Number(value);
  const lower = value.toLowerCase();
  if (TRUE_WORDS.has(lower)) return true;
  if (FALSE_WORDS.has(lower)) return false;
  return value;
});

/**
 * JWT_SIGNING_KEYS: `kid:secret` pairs, comma-separated, the first one
 * signing. Unset when empty, and then JWT_SECRET signs session tokens.
 */
const signingKeysVar = optionalString.transform((value, ctx) => {
  if (value === undefined) return undefined;
  const parsed = parseSigningKeys(value);
  if (parsed.ok) return parsed.keys;
  for (const problem of parsed.problems) ctx.addIssue({ code: 'custom', message: problem });
  return z.NEVER;
});

/**
 * OIDC_ROLE_MAP: `value=role` pairs, comma-separated, from the identity
 * provider's role claim to the billing office's roles. Empty when unset.
 */
/** `id=base64,id=base64` sealing keys (lib/payment-method-keys.ts), unset when empty. */
const sealingKeysVar = optionalString.transform((text, context) => {
  if (text === undefined) return undefined;
  const keys = parseSealingKeys(text);
  if (typeof keys === 'string') {
    context.addIssue({ code: 'custom', message: keys });
    return z.NEVER;
  }
  return keys;
});

const roleMapVar = optionalString.transform((value, ctx) => {
  const map: Record<string, StaffRole> = {};
  const pairs = (value ?? '').split(',').filter((pair) => pair.trim() !== '');
  pairs.forEach((pair, index) => {
    // The role is after the last '=': a group name may contain one, a role never does.
    const at = pair.lastIndexOf('=');
    const claim = pair.slice(0, Math.max(at, 0)).trim();
    const role = pair.slice(at + 1).trim();
    const entry = `entry ${index + 1}`;
    if (claim === '' || !(STAFF_ROLES as readonly string[]).includes(role)) {
      ctx.addIssue({
        code: 'custom',
        message: `${entry} must be claim-value=role, the role one of ${STAFF_ROLES.join(', ')}`,
      });
    } else if (Object.hasOwn(map, claim)) {
      ctx.addIssue({ code: 'custom', message: `${entry} maps a claim value mapped before` });
    } else {
      map[claim] = role as StaffRole;
    }
  });
  return map;
});

const rawEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: integerVar(8080, 0, 65535),
  HOST: stringVar('0.0.0.0'),
  /**
   * The operator's listener for /metrics and the API documentation. Unset in
   * production it is 8081; unset elsewhere they share the public port.
   */
  ADMIN_PORT: integerVar(undefined, 0, 65535),
  ADMIN_HOST: stringVar('127.0.0.1'),
  /** The folder of the installation: migrations, the built portal (install-root.ts). */
  WEBPAY_ROOT: optionalString,
  DATA_DIR: stringVar('./data'),
  DATABASE_URL: urlWithProtocols(
    ['memory:', 'postgres:', 'postgresql:'],
    'memory:// or a postgres:// URL (leave unset for the embedded database in DATA_DIR)',
  ),
  /**
   * How long the server waits for PostgreSQL: for a new connection, and for
   * the answer to any one query. After it the connection is dropped and the
   * request answers 503 DATABASE_UNAVAILABLE, inside the portal's 30 s.
   */
  DATABASE_TIMEOUT_MS: integerVar(10_000, 100, 29_000),
  /** PostgreSQL connections per process; PGlite is always one. */
  DATABASE_POOL_SIZE: integerVar(10, 1, 1_000),
  /** After SIGTERM, how long in-flight requests and background work get before the process exits. */
  SHUTDOWN_TIMEOUT_MS: integerVar(10_000, 1_000, 600_000),
  REDIS_URL: urlWithProtocols(['redis:', 'rediss:'], 'a redis:// or rediss:// URL'),
  REDIS_KEY_PREFIX: stringVar('webpay:'),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'an smtp:// or smtps:// URL'),
  MAIL_FROM: optionalString.refine((value) => value === undefined || isMailbox(value), {
    message: 'must be an e-mail address, optionally with a name: "Name" <address@example.com>',
  }),
  STATEMENT_LINK_TTL_HOURS: integerVar(168, 1, 720),
  WEBPAY_API_KEY: stringVar(DEVELOPMENT_API_KEY).pipe(
    z.string().min(8, 'must be at least 8 characters'),
  ),
  JWT_SECRET: stringVar(DEVELOPMENT_JWT_SECRET).pipe(
    z.string().min(32, 'must be at least 32 characters'),
  ),
  JWT_TTL_SECONDS: integerVar(900, 60, 86_400),
  /** Session-token keys with key ids, for rotation without signing anyone out (docs/operations.md). */
  JWT_SIGNING_KEYS: signingKeysVar,
  /** Load the demo guarantors into an empty database; default on except in production. */
  DEMO_DATA: optionalBooleanVar,
  /** Serve Prometheus metrics at /metrics (outside the API key guard: keep it off the internet). */
  METRICS_ENABLED: booleanVar(true),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  PUBLIC_URL: httpUrl,
  WEB_DIST_DIR: optionalString,
  TRUST_PROXY: trustProxyVar,
  RATE_LIMIT_LOGIN_MAX: integerVar(10, 1, 100_000),
  RATE_LIMIT_LOGIN_WINDOW_SECONDS: integerVar(60, 1, 86_400),
  WEBPAY_PROVIDER_NAME: stringVar('Wasatch Valley Health'),
  WEBPAY_PORTAL_NAME: stringVar('WebPay'),
  // Unset: the portal shows its own heading, in the reader's language.
  WEBPAY_TAGLINE: stringVar(''),
  WEBPAY_LOGO_URL: stringVar('/webpay/logo.svg'),
  WEBPAY_ACCENT_COLOR: stringVar('#0f766e').pipe(
    z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #0f766e'),
  ),
  WEBPAY_SUPPORT_EMAIL: stringVar('billing@wasatchvalleyhealth.example').pipe(
    z.email('must be an e-mail address'),
  ),
  WEBPAY_FALLBACK_SUPPORT_PHONE: stringVar('(801) 555-0100'),
  /** The hospital's time zone: an eCheck authorization is dated with its calendar day. */
  WEBPAY_TIME_ZONE: stringVar('America/Denver').refine(isTimeZone, {
    message: 'must be an IANA time zone such as America/Denver',
  }),
  CONVERGE_HOSTED_URL: httpUrl,
  CONVERGE_XML_URL: httpUrl,
  CONVERGE_MERCHANT_ID: stringVar(SANDBOX_CONVERGE_CREDENTIALS.merchantId),
  CONVERGE_USER_ID: stringVar(SANDBOX_CONVERGE_CREDENTIALS.userId),
  CONVERGE_PIN: stringVar(SANDBOX_CONVERGE_CREDENTIALS.pin),
  /** Serve the Converge emulator under SANDBOX_CONVERGE_PATH; default on except in production. */
  SANDBOX_PROCESSOR: optionalBooleanVar,
  /**
   * How long one call to Converge may take. It stays inside the portal's 30 s
   * so the guarantor gets the service's 408, not a client timeout.
   */
  CONVERGE_TIMEOUT_MS: integerVar(20_000, 100, 29_000),
  /** Voids and refunds above this many dollars wait for a second supervisor (issue #24). */
  REFUND_APPROVAL_THRESHOLD: dollarsVar('500.00'),
  /**
   * When the sandbox processor settles its open batch each day, HH:MM in the
   * facility's time zone; `off`: only on a settle request.
   */
  SANDBOX_SETTLEMENT_TIME: stringVar('22:00').refine(
    (value) => /^(([01]\d|2[0-3]):[0-5]\d|off)$/.test(value.trim()),
    { message: 'must be a time of day such as 22:00, or off' },
  ),
  /** Reconciliation leaves younger open payments alone: they may still be in the lightbox or in flight. */
  RECONCILE_GRACE_SECONDS: integerVar(120, 0, 86_400),
  /**
   * How often open payments are reconciled after the run at each server's
   * start, once per cluster; whole minutes, as schedules are kept. 0: only at start.
   */
  RECONCILE_INTERVAL_SECONDS: integerVar(600, 0, 86_400).refine((seconds) => seconds % 60 === 0, {
    message: 'must be 0 or a whole number of minutes in seconds (60, 600, ...)',
  }),
  /**
   * Single sign-on for billing staff by OpenID Connect (docs/operations.md):
   * off while OIDC_ISSUER is unset; the issuer, client id and secret and the
   * role map go together.
   */
  OIDC_ISSUER: httpUrl,
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  /** The ID token or userinfo claim whose value (a string or a list) names the staff member's role. */
  OIDC_ROLE_CLAIM: stringVar('webpay_role'),
  OIDC_ROLE_MAP: roleMapVar,
  /** The identity provider's name on the console's sign-in button; unset: a generic label. */
  OIDC_LABEL: optionalString,
  /**
   * Keys that seal saved bank accounts (issue #25): `id=base64` pairs, each
   * key 32 random bytes, separated by commas. The first seals new accounts;
   * the others only open accounts sealed before (`webpay reseal-payment-methods`
   * moves them to the first). Unset: one key, `jwt`, derived from JWT_SECRET.
   */
  PAYMENT_METHOD_KEYS: sealingKeysVar,
  /**
   * Keys that seal financial assistance documents at rest (issue #27), in
   * PAYMENT_METHOD_KEYS's form. Unset: one key, `jwt`, derived from
   * JWT_SECRET for documents alone.
   */
  ASSISTANCE_DOCUMENT_KEYS: sealingKeysVar,
  /** Days after an application's decision its documents' files are kept; then only their hashes and figures. */
  ASSISTANCE_DOCUMENT_RETENTION_DAYS: integerVar(90, 0, 3650),
  /**
   * The hospital's financial assistance policy (issue #27): a JSON file in
   * the form of docs/financial-assistance.md, read and checked at start.
   * Unset: the demo hospital's policy.
   */
  FINANCIAL_ASSISTANCE_POLICY_FILE: optionalString,
  /** Self-service payment plans: the least balance, the least monthly payment (dollars) and the most months. */
  PLAN_MIN_BALANCE: dollarsVar('100.00'),
  PLAN_MIN_MONTHLY_PAYMENT: dollarsVar('25.00'),
  PLAN_MAX_MONTHS: integerVar(24, 1, 120),
  /** Autopay: days of notice before a fixed instalment and before a charge whose amount may vary. */
  AUTOPAY_NOTICE_DAYS_FIXED: integerVar(3, 1, 30),
  AUTOPAY_NOTICE_DAYS_VARIABLE: integerVar(10, 1, 30),
  /** Autopay: a declined charge is tried once more this many days later. */
  AUTOPAY_RETRY_DAYS: integerVar(3, 1, 30),
  /** Autopay: a charge may be skipped or cancelled until this many business days before it. */
  AUTOPAY_CHANGE_BUSINESS_DAYS: integerVar(3, 0, 20),
  /** When autopay sends its notices and runs the day's charges; cron or RRULE in the facility's zone, or off. */
  AUTOPAY_SCHEDULE: stringVar('0 6 * * *').refine(isScheduleOrOff, {
    message:
      'must be a cron expression such as "0 6 * * *", an RRULE such as "FREQ=DAILY;BYHOUR=6", or off',
  }),
  /**
   * When paperless guarantors are e-mailed their latest statement's notice: a
   * cron expression (or an RRULE) in the facility's time zone; `off` never.
   */
  STATEMENT_NOTICES_SCHEDULE: stringVar('0 8 * * *').refine(isScheduleOrOff, {
    message:
      'must be a cron expression such as "0 8 * * *", an RRULE such as "FREQ=DAILY;BYHOUR=8", or off',
  }),
});

/** Dollars such as 25.00, as integer cents. */
function dollarsVar(fallback: string) {
  return stringVar(fallback).transform((text, context) => {
    const cents = parseDollarsToCents(text);
    if (cents === undefined) {
      context.addIssue({ code: 'custom', message: `must be dollars such as ${fallback}` });
      return z.NEVER;
    }
    return cents;
  });
}

/** Five or six cron fields, an RRULE, or `off`; the job engine checks the rest when it starts. */
function isScheduleOrOff(value: string): boolean {
  const text = value.trim();
  return text === 'off' || /(^|;)FREQ=/i.test(text) || /^(\S+\s+){4,5}\S+$/.test(text);
}

const EMAIL_ADDRESS = /^[^\s@<>",]+@[^\s@<>",]+\.[^\s@<>",]+$/;

/** `address@example.com` or `Name <address@example.com>` (the name may be quoted). */
function isMailbox(value: string): boolean {
  const named = /^(.*)<([^<>]+)>$/.exec(value);
  return EMAIL_ADDRESS.test(named ? (named[2] ?? '').trim() : value);
}

/** The sender of the service's e-mail when MAIL_FROM is unset: the provider, from its billing address. */
export function defaultMailFrom(providerName: string, supportEmail: string): string {
  const quoted = providerName.replace(/[\\"]/g, (character) => `\\${character}`);
  return `"${quoted}" <${supportEmail}>`;
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

type RawEnv = z.output<typeof rawEnvSchema>;

/** Single sign-on is all or nothing: a half-configured provider refuses to start. */
function oidcProblems(env: RawEnv): { variable: string; message: string }[] {
  const parts = {
    OIDC_ISSUER: env.OIDC_ISSUER,
    OIDC_CLIENT_ID: env.OIDC_CLIENT_ID,
    OIDC_CLIENT_SECRET: env.OIDC_CLIENT_SECRET,
  };
  const set = Object.values(parts).some((value) => value !== undefined);
  if (!set) return [];
  const problems = Object.entries(parts)
    .filter(([, value]) => value === undefined)
    .map(([variable]) => ({
      variable,
      message:
        'is required for single sign-on, with OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET',
    }));
  if (Object.keys(env.OIDC_ROLE_MAP).length === 0) {
    problems.push({
      variable: 'OIDC_ROLE_MAP',
      message: 'must map at least one claim value to a role when single sign-on is on',
    });
  }
  if (env.NODE_ENV === 'production' && env.OIDC_ISSUER?.startsWith('http:')) {
    problems.push({ variable: 'OIDC_ISSUER', message: 'must be an https:// URL in production' });
  }
  return problems;
}

const envSchema = rawEnvSchema
  .superRefine((env, ctx) => {
    for (const { variable, message } of oidcProblems(env)) {
      ctx.addIssue({ code: 'custom', path: [variable], message });
    }
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    for (const { variable, message } of productionProblems(env)) {
      ctx.addIssue({ code: 'custom', path: [variable], message });
    }
  })
  .transform((env) => {
    const production = env.NODE_ENV === 'production';
    const publicUrl = withoutTrailingSlash(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
    const root = installRoot({ WEBPAY_ROOT: env.WEBPAY_ROOT });
    const anchor = (path: string) => (isAbsolute(path) ? path : resolve(root, path));
    return {
      ...env,
      WEBPAY_ROOT: root,
      DATA_DIR: anchor(env.DATA_DIR),
      WEB_DIST_DIR: anchor(env.WEB_DIST_DIR ?? join('web', 'dist')),
      ADMIN_PORT: env.ADMIN_PORT ?? (production ? DEFAULT_ADMIN_PORT : undefined),
      DEMO_DATA: env.DEMO_DATA ?? !production,
      PUBLIC_URL: publicUrl,
      MAIL_FROM:
        env.MAIL_FROM ?? defaultMailFrom(env.WEBPAY_PROVIDER_NAME, env.WEBPAY_SUPPORT_EMAIL),
      SANDBOX_PROCESSOR: env.SANDBOX_PROCESSOR ?? !production,
      CONVERGE_HOSTED_URL: withoutTrailingSlash(
        env.CONVERGE_HOSTED_URL ?? `${publicUrl}${SANDBOX_CONVERGE_PATH}/hosted-payments`,
      ),
      CONVERGE_XML_URL:
        env.CONVERGE_XML_URL ??
        `${publicUrl}${SANDBOX_CONVERGE_PATH}/VirtualMerchantDemo/processxml.do`,
    };
  });

export type Env = z.output<typeof envSchema>;
export type LogLevel = (typeof LOG_LEVELS)[number];

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(
      [
        'Invalid environment configuration:',
        ...problems.map((problem) => `  - ${problem}`),
        'Fix the variables above (see the README, Configuration) and start again.',
      ].join('\n'),
    );
    this.name = 'EnvError';
  }
}

/**
 * Reads and checks the service's configuration. Values are never echoed in
 * the error because several of them are secrets.
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const files = readSecretFiles(source);
  const result = envSchema.safeParse(files.source);
  if (result.success && files.problems.length === 0) return result.data;
  const problems = [
    ...files.problems,
    ...(result.error?.issues ?? []).map((issue) => {
      const name = issue.path.join('.') || 'environment';
      return `${name}: ${issue.message}`;
    }),
  ];
  throw new EnvError(problems);
}

/** The processor's origin, which the CSP must allow for its script, frames and calls. */
export function processorOrigin(env: Pick<Env, 'CONVERGE_HOSTED_URL'>): string {
  return new URL(env.CONVERGE_HOSTED_URL).origin;
}
