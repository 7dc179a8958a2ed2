import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_API_KEY } from '@webpay/contracts/api';
import { DEVELOPMENT_JWT_SECRET, EnvError, loadEnv, processorOrigin } from './env.ts';
import { INSTALL_ROOT } from './install-root.ts';
import { PRODUCTION_ENV } from '../test/support/production-env.ts';

function problemsOf(source: Record<string, string>): string[] {
  try {
    loadEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  throw new Error('expected the environment to be refused');
}

describe('loadEnv', () => {
  it('gives a working development configuration with nothing set', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 8080,
      HOST: '0.0.0.0',
      DATA_DIR: join(INSTALL_ROOT, 'data'),
      WEB_DIST_DIR: join(INSTALL_ROOT, 'web', 'dist'),
      WEBPAY_API_KEY: DEVELOPMENT_API_KEY,
      JWT_SECRET: DEVELOPMENT_JWT_SECRET,
      JWT_TTL_SECONDS: 900,
      DEMO_DATA: true,
      LOG_LEVEL: 'info',
      PUBLIC_URL: 'http://localhost:8080',
      TRUST_PROXY: false,
      WEBPAY_PORTAL_NAME: 'WebPay',
      WEBPAY_PROVIDER_NAME: 'Wasatch Valley Health',
      WEBPAY_LOGO_URL: '/webpay/logo.svg',
      WEBPAY_FALLBACK_SUPPORT_PHONE: '(801) 555-0100',
      WEBPAY_TIME_ZONE: 'America/Denver',
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it('points the processor at the built-in sandbox on this server by default', () => {
    const env = loadEnv({ PORT: '9000' });
    expect(env.PUBLIC_URL).toBe('http://localhost:9000');
    expect(env.CONVERGE_HOSTED_URL).toBe('http://localhost:9000/sandbox/converge/hosted-payments');
    expect(env.CONVERGE_XML_URL).toBe(
      'http://localhost:9000/sandbox/converge/VirtualMerchantDemo/processxml.do',
    );
    expect(processorOrigin(env)).toBe('http://localhost:9000');
    expect(
      processorOrigin(
        loadEnv({ CONVERGE_HOSTED_URL: 'https://api.demo.convergepay.com/hosted-payments' }),
      ),
    ).toBe('https://api.demo.convergepay.com');
  });

  it('serves the sandbox processor except in production, unless told otherwise', () => {
    expect(loadEnv({}).SANDBOX_PROCESSOR).toBe(true);
    expect(loadEnv({ NODE_ENV: 'test' }).SANDBOX_PROCESSOR).toBe(true);
    expect(loadEnv(PRODUCTION_ENV).SANDBOX_PROCESSOR).toBe(false);
    expect(problemsOf({ ...PRODUCTION_ENV, SANDBOX_PROCESSOR: 'on' })).toEqual([
      expect.stringMatching(/^SANDBOX_PROCESSOR: .*refused in production/),
    ]);
    expect(loadEnv({ SANDBOX_PROCESSOR: 'false' }).SANDBOX_PROCESSOR).toBe(false);
    expect(loadEnv({ SANDBOX_PROCESSOR: '' }).SANDBOX_PROCESSOR).toBe(true);
    expect(problemsOf({ SANDBOX_PROCESSOR: 'maybe' })).toEqual([
      'SANDBOX_PROCESSOR: must be true or false',
    ]);
  });

  it('anchors relative directories on the repository root and keeps absolute ones', () => {
    expect(loadEnv({ DATA_DIR: 'var/webpay' }).DATA_DIR).toBe(join(INSTALL_ROOT, 'var', 'webpay'));
    expect(loadEnv({ DATA_DIR: '/srv/webpay' }).DATA_DIR).toBe('/srv/webpay');
    expect(loadEnv({ WEB_DIST_DIR: '/srv/web' }).WEB_DIST_DIR).toBe('/srv/web');
  });

  it('reads booleans, numbers and URLs', () => {
    const env = loadEnv({
      DEMO_DATA: 'no',
      PORT: '3000',
      DATABASE_URL: 'postgres://webpay@db:5432/webpay',
      REDIS_URL: 'redis://cache:6379',
      SMTP_URL: 'smtp://mail:25',
      PUBLIC_URL: 'https://pay.example.org/',
      TRUST_PROXY: '1',
    });
    expect(env).toMatchObject({
      DEMO_DATA: false,
      PORT: 3000,
      DATABASE_URL: 'postgres://webpay@db:5432/webpay',
      REDIS_URL: 'redis://cache:6379',
      SMTP_URL: 'smtp://mail:25',
      PUBLIC_URL: 'https://pay.example.org',
      TRUST_PROXY: 1,
    });
    expect(loadEnv({ DATABASE_URL: 'memory://' }).DATABASE_URL).toBe('memory://');
    expect(loadEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('takes the hospital’s time zone by its IANA name only', () => {
    expect(loadEnv({ WEBPAY_TIME_ZONE: 'America/Los_Angeles' }).WEBPAY_TIME_ZONE).toBe(
      'America/Los_Angeles',
    );
    expect(problemsOf({ WEBPAY_TIME_ZONE: 'Mountain Time' })).toEqual([
      'WEBPAY_TIME_ZONE: must be an IANA time zone such as America/Denver',
    ]);
  });

  it('takes schedules in whole minutes, as cron or RRULE, or off', () => {
    expect(loadEnv({ RECONCILE_INTERVAL_SECONDS: '120' }).RECONCILE_INTERVAL_SECONDS).toBe(120);
    expect(loadEnv({}).STATEMENT_NOTICES_SCHEDULE).toBe('0 8 * * *');
    for (const schedule of ['30 7 * * 1-5', 'FREQ=DAILY;BYHOUR=9', 'off']) {
      expect(loadEnv({ STATEMENT_NOTICES_SCHEDULE: schedule }).STATEMENT_NOTICES_SCHEDULE).toBe(
        schedule,
      );
    }
    expect(
      problemsOf({ RECONCILE_INTERVAL_SECONDS: '90', STATEMENT_NOTICES_SCHEDULE: 'daily' }),
    ).toEqual([
      'RECONCILE_INTERVAL_SECONDS: must be 0 or a whole number of minutes in seconds (60, 600, ...)',
      'STATEMENT_NOTICES_SCHEDULE: must be a cron expression such as "0 8 * * *", an RRULE such as "FREQ=DAILY;BYHOUR=8", or off',
    ]);
  });

  it('lists every bad variable by name, without echoing values', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://secret-password@db/webpay',
      JWT_SECRET: 'short',
      DEMO_DATA: 'maybe',
      LOG_LEVEL: 'loud',
      WEBPAY_ACCENT_COLOR: 'teal',
    });
    const names = problems.map((problem) => problem.split(':')[0]);
    expect(names).toEqual(
      expect.arrayContaining([
        'PORT',
        'DATABASE_URL',
        'JWT_SECRET',
        'DEMO_DATA',
        'LOG_LEVEL',
        'WEBPAY_ACCENT_COLOR',
      ]),
    );
    expect(problems.join('\n')).not.toContain('secret-password');
    expect(problems.join('\n')).not.toContain('short');
  });

  it('refuses the development API key and JWT secret in production', () => {
    const problems = problemsOf({
      ...PRODUCTION_ENV,
      WEBPAY_API_KEY: DEVELOPMENT_API_KEY,
      JWT_SECRET: DEVELOPMENT_JWT_SECRET,
    });
    expect(problems).toEqual([
      expect.stringMatching(/^WEBPAY_API_KEY: .*refused in production/),
      expect.stringMatching(/^JWT_SECRET: .*refused in production/),
    ]);
    expect(loadEnv(PRODUCTION_ENV).NODE_ENV).toBe('production');
  });

  it('reads JWT_SIGNING_KEYS in order, and leaves it unset when empty', () => {
    const newer = 'n'.repeat(32);
    const older = 'o:ld-secret-with-colons:'.padEnd(40, 'o');
    expect(
      loadEnv({ JWT_SIGNING_KEYS: `2026-07:${newer}, key_1.a:${older}` }).JWT_SIGNING_KEYS,
    ).toEqual([
      { kid: '2026-07', secret: newer },
      { kid: 'key_1.a', secret: older },
    ]);
    expect(loadEnv({}).JWT_SIGNING_KEYS).toBeUndefined();
    expect(loadEnv({ JWT_SIGNING_KEYS: ' ' }).JWT_SIGNING_KEYS).toBeUndefined();
  });

  it('explains what is wrong with JWT_SIGNING_KEYS by entry, without quoting it', () => {
    const secret = 's'.repeat(32);
    const keys = [
      `good:${secret}`,
      'a-secret-without-any-key-id-at-all',
      `${'k'.repeat(33)}:${secret}`,
      `bad/kid:${secret}`,
      `:${secret}`,
      'short:not-long-enough',
      `good:${'t'.repeat(40)}`,
      '',
    ];
    const problems = problemsOf({ JWT_SIGNING_KEYS: keys.join(',') });
    const badKid = 'has a bad key id: use 1 to 32 letters, digits, dots, underscores or hyphens';
    expect(problems).toEqual([
      'JWT_SIGNING_KEYS: entry 2 must be key-id:secret (entries separated by commas)',
      `JWT_SIGNING_KEYS: entry 3 ${badKid}`,
      `JWT_SIGNING_KEYS: entry 4 ${badKid}`,
      `JWT_SIGNING_KEYS: entry 5 ${badKid}`,
      'JWT_SIGNING_KEYS: entry 6 has a secret shorter than 32 characters',
      'JWT_SIGNING_KEYS: entry 7 repeats the key id of entry 1; key ids must be unique',
      'JWT_SIGNING_KEYS: entry 8 must be key-id:secret (entries separated by commas)',
    ]);
    expect(problems.join('\n')).not.toMatch(/sss|ttt|not-long|without-any|kkk|bad\/kid/);
    expect(problemsOf({ JWT_SIGNING_KEYS: `a:${'x'.repeat(31)}` })).toEqual([
      'JWT_SIGNING_KEYS: entry 1 has a secret shorter than 32 characters',
    ]);
  });

  it('refuses the development JWT secret as a signing key in production only', () => {
    const next = `next:${PRODUCTION_ENV.JWT_SECRET}`;
    const keys = `${next},old:${DEVELOPMENT_JWT_SECRET}`;
    expect(loadEnv({ JWT_SIGNING_KEYS: keys }).JWT_SIGNING_KEYS).toHaveLength(2);
    expect(problemsOf({ ...PRODUCTION_ENV, JWT_SIGNING_KEYS: keys })).toEqual([
      'JWT_SIGNING_KEYS: entry 2 is the development secret, refused in production',
    ]);
    expect(loadEnv({ ...PRODUCTION_ENV, JWT_SIGNING_KEYS: next }).JWT_SIGNING_KEYS).toEqual([
      { kid: 'next', secret: PRODUCTION_ENV.JWT_SECRET },
    ]);
  });

  it('times processor calls and reconciliation', () => {
    expect(loadEnv({})).toMatchObject({
      CONVERGE_TIMEOUT_MS: 20_000,
      RECONCILE_GRACE_SECONDS: 120,
      RECONCILE_INTERVAL_SECONDS: 600,
    });
    expect(problemsOf({ CONVERGE_TIMEOUT_MS: '30000' })).toEqual([
      'CONVERGE_TIMEOUT_MS: must be a whole number from 100 to 29000',
    ]);
  });

  it('explains the problems in one message naming each variable', () => {
    const error = (() => {
      try {
        loadEnv({ PORT: '70000', JWT_TTL_SECONDS: '5' });
      } catch (caught) {
        return caught as Error;
      }
    })();
    expect(error).toBeInstanceOf(EnvError);
    expect(error?.message).toContain('Invalid environment configuration');
    expect(error?.message).toContain('PORT: must be a whole number from 0 to 65535');
    expect(error?.message).toContain('JWT_TTL_SECONDS: must be a whole number from 60 to 86400');
  });

  it('sends e-mail as the provider from its billing address unless MAIL_FROM says otherwise', () => {
    const env = loadEnv({});
    expect(env.MAIL_FROM).toBe('"Wasatch Valley Health" <billing@wasatchvalleyhealth.example>');
    expect(env.STATEMENT_LINK_TTL_HOURS).toBe(168);
    expect(
      loadEnv({
        WEBPAY_PROVIDER_NAME: 'St. "Mary" Clinic',
        WEBPAY_SUPPORT_EMAIL: 'pay@mary.example',
      }).MAIL_FROM,
    ).toBe('"St. \\"Mary\\" Clinic" <pay@mary.example>');
    expect(loadEnv({ MAIL_FROM: 'Billing <billing@example.org>' }).MAIL_FROM).toBe(
      'Billing <billing@example.org>',
    );
    expect(loadEnv({ MAIL_FROM: 'billing@example.org' }).MAIL_FROM).toBe('billing@example.org');
    expect(problemsOf({ MAIL_FROM: 'Billing office', STATEMENT_LINK_TTL_HOURS: '0' })).toEqual([
      expect.stringMatching(/^MAIL_FROM: must be an e-mail address/),
      'STATEMENT_LINK_TTL_HOURS: must be a whole number from 1 to 720',
    ]);
  });

  it('leaves single sign-on off by default, with webpay_role as the role claim', () => {
    const env = loadEnv({});
    expect(env.OIDC_ISSUER).toBeUndefined();
    expect(env.OIDC_ROLE_CLAIM).toBe('webpay_role');
    expect(env.OIDC_ROLE_MAP).toEqual({});
  });

  it('reads the single sign-on settings and the role map', () => {
    const env = loadEnv({
      OIDC_ISSUER: 'https://login.hospital.example/realms/staff',
      OIDC_CLIENT_ID: 'webpay',
      OIDC_CLIENT_SECRET: 'a-client-secret',
      OIDC_ROLE_CLAIM: 'groups',
      OIDC_ROLE_MAP:
        ' billing-viewers=viewer, cn=Billing Agents = agent ,fa-reviewers=reviewer,webpay-admins=admin',
      OIDC_LABEL: 'Hospital login',
    });
    expect(env.OIDC_ROLE_MAP).toEqual({
      'billing-viewers': 'viewer',
      'cn=Billing Agents': 'agent',
      'fa-reviewers': 'reviewer',
      'webpay-admins': 'admin',
    });
    expect(env).toMatchObject({ OIDC_ROLE_CLAIM: 'groups', OIDC_LABEL: 'Hospital login' });
  });

  it('refuses single sign-on half configured, or with a bad role map, naming each variable', () => {
    expect(problemsOf({ OIDC_ISSUER: 'https://login.hospital.example' })).toEqual([
      expect.stringMatching(/^OIDC_CLIENT_ID: is required for single sign-on/),
      expect.stringMatching(/^OIDC_CLIENT_SECRET: is required for single sign-on/),
      expect.stringMatching(/^OIDC_ROLE_MAP: must map at least one claim value/),
    ]);
    expect(problemsOf({ OIDC_CLIENT_SECRET: 'a-client-secret' })).toEqual([
      expect.stringMatching(/^OIDC_ISSUER: is required/),
      expect.stringMatching(/^OIDC_CLIENT_ID: is required/),
      expect.stringMatching(/^OIDC_ROLE_MAP: must map/),
    ]);
    const problems = problemsOf({ OIDC_ROLE_MAP: 'a=viewer,b=owner,=agent,a=admin' });
    expect(problems).toEqual([
      'OIDC_ROLE_MAP: entry 2 must be claim-value=role, the role one of viewer, agent, reviewer, supervisor, admin',
      'OIDC_ROLE_MAP: entry 3 must be claim-value=role, the role one of viewer, agent, reviewer, supervisor, admin',
      'OIDC_ROLE_MAP: entry 4 maps a claim value mapped before',
    ]);
    expect(problemsOf({ OIDC_ISSUER: 'ftp://login.example' })[0]).toMatch(/^OIDC_ISSUER: must be/);
  });

  it('refuses an http:// identity provider in production only', () => {
    const sso = {
      OIDC_ISSUER: 'http://login.hospital.example',
      OIDC_CLIENT_ID: 'webpay',
      OIDC_CLIENT_SECRET: 'a-client-secret',
      OIDC_ROLE_MAP: 'billing-viewers=viewer',
    };
    expect(loadEnv(sso).OIDC_ISSUER).toBe('http://login.hospital.example');
    expect(problemsOf({ ...PRODUCTION_ENV, ...sso })).toContain(
      'OIDC_ISSUER: must be an https:// URL in production',
    );
  });
});
