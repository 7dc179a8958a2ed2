import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ADMIN_PORT, EnvError, loadEnv } from './env.ts';
import { MIN_SECRET_BITS, secretBits } from './production-rules.ts';
import { PRODUCTION_ENV } from '../test/support/production-env.ts';

function problemsOf(source: Record<string, string | undefined>): string[] {
  try {
    loadEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  return [];
}

const variablesOf = (problems: string[]) => problems.map((problem) => problem.split(':')[0]);

describe('production fails closed', () => {
  it('accepts a complete production configuration, with production defaults', () => {
    const env = loadEnv(PRODUCTION_ENV);
    expect(env).toMatchObject({
      DEMO_DATA: false,
      SANDBOX_PROCESSOR: false,
      ADMIN_PORT: DEFAULT_ADMIN_PORT,
      ADMIN_HOST: '127.0.0.1',
      DATABASE_POOL_SIZE: 10,
      SHUTDOWN_TIMEOUT_MS: 10_000,
    });
  });

  it('lists every unsafe setting at once when only the API key and JWT secret are set', () => {
    const problems = problemsOf({
      NODE_ENV: 'production',
      WEBPAY_API_KEY: PRODUCTION_ENV.WEBPAY_API_KEY,
      JWT_SECRET: PRODUCTION_ENV.JWT_SECRET,
    });
    expect(variablesOf(problems)).toEqual([
      'DATABASE_URL',
      'SMTP_URL',
      'PUBLIC_URL',
      'CONVERGE_HOSTED_URL',
      'CONVERGE_XML_URL',
      'CONVERGE_MERCHANT_ID',
      'CONVERGE_USER_ID',
      'CONVERGE_PIN',
      'FINANCIAL_ASSISTANCE_POLICY_FILE',
    ]);
  });

  it.each([
    ['DATABASE_URL', undefined, /PostgreSQL/],
    ['DATABASE_URL', 'memory://', /PostgreSQL/],
    ['DEMO_DATA', 'true', /demo guarantors/],
    ['SMTP_URL', undefined, /mail server/],
    ['PUBLIC_URL', 'http://pay.wasatchvalleyhealth.example', /https/],
    ['PUBLIC_URL', undefined, /https/],
    ['SANDBOX_PROCESSOR', 'true', /emulator/],
    ['CONVERGE_HOSTED_URL', 'https://api.demo.convergepay.com/hosted-payments', /test environment/],
    [
      'CONVERGE_XML_URL',
      'https://api.demo.convergepay.com/VirtualMerchantDemo/processxml.do',
      /test environment/,
    ],
    ['CONVERGE_XML_URL', 'http://api.convergepay.com/VirtualMerchant/processxml.do', /https/],
    [
      'CONVERGE_HOSTED_URL',
      'https://pay.example/sandbox/converge/hosted-payments',
      /test environment/,
    ],
    ['CONVERGE_HOSTED_URL', undefined, /must be set/],
    ['CONVERGE_PIN', 'SANDBOX-PIN-NOT-A-SECRET', /sandbox/],
    ['CONVERGE_MERCHANT_ID', 'sandbox-merchant-id', /sandbox/],
    ['JWT_SECRET', 'a'.repeat(64), /predictable/],
    ['JWT_SECRET', 'password'.repeat(5), /predictable/],
    ['FINANCIAL_ASSISTANCE_POLICY_FILE', undefined, /hospital's own financial assistance policy/],
  ])('refuses %s=%s, naming it', (variable, value, reason) => {
    const problems = problemsOf({ ...PRODUCTION_ENV, [variable]: value });
    expect(problems).toEqual([expect.stringMatching(new RegExp(`^${variable}: `))]);
    expect(problems[0]).toMatch(reason);
    if (value) expect(problems[0]).not.toContain(value);
  });

  it('judges a secret by the bits it could carry', () => {
    expect(secretBits('a'.repeat(100))).toBe(0);
    expect(secretBits('0123456789abcdef'.repeat(2))).toBe(128);
    // `openssl rand -base64 32` and `openssl rand -hex 32` pass.
    expect(secretBits('q0PZ6v1jXk9yS3bW7mR2tL5nD8hF4cA+eG/uIoJ=')).toBeGreaterThan(MIN_SECRET_BITS);
    expect(secretBits('9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08')).toBe(
      256,
    );
  });

  it('keeps the development defaults outside production', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ DEMO_DATA: true, SANDBOX_PROCESSOR: true });
    expect(env.ADMIN_PORT).toBeUndefined();
    expect(loadEnv({ ADMIN_PORT: '9464' }).ADMIN_PORT).toBe(9464);
    expect(loadEnv({ ...PRODUCTION_ENV, ADMIN_PORT: '0' }).ADMIN_PORT).toBe(0);
  });
});

describe('secrets from files', () => {
  const directory = mkdtempSync(join(tmpdir(), 'webpay-secrets-'));
  const secretFile = (name: string, content: string) => {
    const file = join(directory, name);
    writeFileSync(file, content, { mode: 0o600 });
    return file;
  };

  it('reads each secret from NAME_FILE, without its final line break', () => {
    const env = loadEnv({
      ...PRODUCTION_ENV,
      JWT_SECRET: undefined,
      JWT_SECRET_FILE: secretFile('jwt', `${PRODUCTION_ENV.JWT_SECRET}\n`),
      SMTP_URL: undefined,
      SMTP_URL_FILE: secretFile('smtp', 'smtps://user:pass@relay.example:465'),
      CONVERGE_PIN: undefined,
      CONVERGE_PIN_FILE: secretFile('pin', 'FILE-PIN-0123456789'),
    });
    expect(env.JWT_SECRET).toBe(PRODUCTION_ENV.JWT_SECRET);
    expect(env.SMTP_URL).toBe('smtps://user:pass@relay.example:465');
    expect(env.CONVERGE_PIN).toBe('FILE-PIN-0123456789');
  });

  it('refuses a file it cannot read, or a secret given both ways, without echoing it', () => {
    const problems = problemsOf({
      ...PRODUCTION_ENV,
      JWT_SECRET_FILE: secretFile('both', 'x'),
      WEBPAY_API_KEY: undefined,
      WEBPAY_API_KEY_FILE: join(directory, 'missing'),
    });
    expect(problems).toEqual([
      'WEBPAY_API_KEY_FILE: cannot read ' + join(directory, 'missing') + ' (ENOENT)',
      'JWT_SECRET_FILE: JWT_SECRET is set too; set one of them, not both',
      expect.stringMatching(/^WEBPAY_API_KEY: /),
    ]);
    expect(problems.join('\n')).not.toContain(PRODUCTION_ENV.JWT_SECRET);
  });
});
