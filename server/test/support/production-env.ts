import path from 'node:path';

/**
 * A complete production configuration with obviously fake values: every
 * rule of production-rules.ts passes. Tests take it and break one setting
 * at a time, or point DATABASE_URL and SMTP_URL at this machine's servers.
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://webpay@127.0.0.1:5432/webpay',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  PUBLIC_URL: 'https://pay.wasatchvalleyhealth.example',
  CONVERGE_HOSTED_URL: 'https://api.convergepay.com/hosted-payments',
  CONVERGE_XML_URL: 'https://api.convergepay.com/VirtualMerchant/processxml.do',
  CONVERGE_MERCHANT_ID: 'fake-merchant-0042',
  CONVERGE_USER_ID: 'fake-webpay-user',
  CONVERGE_PIN: 'FAKE-PIN-FOR-TESTS-ONLY-7Q2W9E4R',
  WEBPAY_API_KEY: 'fake-production-api-key-for-tests',
  JWT_SECRET: 'fake-jwt-secret-for-tests-only-AbCdEfGhIjKlMnOp-0123456789',
  // The demo hospital's policy as a file: production publishes a file's, never the built-in demo.
  FINANCIAL_ASSISTANCE_POLICY_FILE: path.resolve(
    import.meta.dirname,
    '../../../docs/examples/financial-assistance-policy.json',
  ),
} as const satisfies Record<string, string>;
