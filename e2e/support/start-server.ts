/*
 * Starts the real WebPay server for the browser tests: the production web
 * build, demo data freshly loaded, on the port given. For PostgreSQL it makes
 * a fresh schema so runs never see each other's sign-ins or payments.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { OFFICE_API_BASE_PATH, OFFICE_API_PATHS } from '@webpay/contracts/office';
import { startMailCatcher } from '@webpay/server/testkit/mail-catcher';
import { startTestIdentityProvider } from '@webpay/server/testkit/oidc-provider';
import { maildropFor } from './maildrop.ts';
import { commandEnvFor } from './webpay-command.ts';
import { serverLogFor } from './server-logs.ts';
import { SSO_ACCOUNTS, SSO_LABEL, SSO_ROLE_MAP } from './sso-accounts.ts';

const [kind, port] = process.argv.slice(2);
if ((kind !== 'pglite' && kind !== 'postgres') || !port) {
  console.error('usage: start-server.ts <pglite|postgres> <port>');
  process.exit(2);
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), `webpay-e2e-${kind}-`));

async function postgresUrlWithFreshSchema(): Promise<string> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `e2e_${Date.now().toString(36)}_${process.pid}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    // Schemas of earlier runs that ended without cleaning up.
    const stale = await client.query<{ nspname: string }>(
      "select nspname from pg_namespace where nspname like 'e2e\\_%'",
    );
    for (const row of stale.rows)
      await client.query(`drop schema if exists "${row.nspname}" cascade`);
    await client.query(`create schema "${schema}"`);
  } finally {
    await client.end();
  }
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

/*
 * The service sends its e-mail over real SMTP to a listener owned by the test
 * run; each message lands as a file the specs read, as a guarantor reads mail.
 */
const maildrop = maildropFor(Number(port));
rmSync(maildrop, { recursive: true, force: true });
mkdirSync(maildrop, { recursive: true });
const catcher = await startMailCatcher();
let written = 0;
setInterval(() => {
  for (const mail of catcher.messages.slice(written)) {
    written += 1;
    writeFileSync(path.join(maildrop, `${String(written).padStart(5, '0')}.eml`), mail.raw);
  }
}, 50).unref();

/*
 * The first server signs billing staff in through a real OpenID Connect
 * provider on a loopback port as well as with passwords; the office specs
 * run against it only (ONE_SERVER_ONLY in playwright.config.ts).
 */
const publicUrl = `http://127.0.0.1:${port}`;

async function singleSignOnEnv(): Promise<Record<string, string>> {
  if (kind !== 'pglite') return {};
  const accounts = Object.fromEntries(
    Object.values(SSO_ACCOUNTS).map(({ login, ...claims }) => [login, claims]),
  );
  // Its warnings that the keys, storage and login form are for development only say what a
  // test provider is meant to be; on the run's terminal they would only hide real warnings.
  const warn = console.warn;
  console.warn = () => undefined;
  const provider = await startTestIdentityProvider(
    `${publicUrl}${OFFICE_API_BASE_PATH}${OFFICE_API_PATHS.ssoCallback}`,
    accounts,
  ).finally(() => {
    console.warn = warn;
  });
  return {
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_ROLE_MAP: SSO_ROLE_MAP,
    OIDC_LABEL: SSO_LABEL,
  };
}
const ssoEnv = await singleSignOnEnv();

const databaseUrl = kind === 'postgres' ? await postgresUrlWithFreshSchema() : 'memory://';

/*
 * What the billing office's commands need to work on this server's database
 * (support/webpay-command.ts): only a PostgreSQL server's can be shared, as
 * PGlite's lives inside the server process.
 */
const serverEnv = {
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  PUBLIC_URL: publicUrl,
  SMTP_URL: catcher.url,
  // The specs settle the sandbox processor's batch when they mean to; a run across 22:00 must not.
  SANDBOX_SETTLEMENT_TIME: 'off',
  // The specs run reconciliation, autopay and statement notices themselves
  // (a button, `webpay autopay --today`). A scheduled run landing mid-spec
  // would act first: record a void before the clerk's "Check with the
  // processor" finds it, or mail every guarantor a notice.
  RECONCILE_INTERVAL_SECONDS: '0',
  AUTOPAY_SCHEDULE: 'off',
  STATEMENT_NOTICES_SCHEDULE: 'off',
  // A plan's first instalment is a week or more away: a change window of two
  // weeks lets the recurring payments spec cancel both inside and outside it.
  AUTOPAY_CHANGE_BUSINESS_DAYS: '10',
};
writeFileSync(commandEnvFor(Number(port)), JSON.stringify(serverEnv));

const child = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(repoRoot, 'server/src/main.ts')],
  {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...serverEnv,
      PORT: port,
      HOST: '127.0.0.1',
      DEMO_DATA: 'true',
      // Everything down to debug, so the log check after the run reads every line the service writes.
      LOG_LEVEL: 'debug',
      // Every browser signs in from 127.0.0.1; the per-client throttle has its own service tests.
      RATE_LIMIT_LOGIN_MAX: '10000',
      ...ssoEnv,
    },
  },
);

/*
 * The whole log goes to a file that the log check reads after the run
 * (support/log-check.ts); warnings, errors and anything on stderr also reach
 * the terminal, where Playwright shows this process's stderr.
 */
const logFile = serverLogFor(kind);
mkdirSync(path.dirname(logFile), { recursive: true });
const logFd = openSync(logFile, 'w');
const PINO_WARN = 40;

function isWarningOrWorse(line: string): boolean {
  try {
    const level = (JSON.parse(line) as { level?: unknown }).level;
    return typeof level === 'number' && level >= PINO_WARN;
  } catch {
    return false;
  }
}

function keep(stream: Readable, toTerminal: (line: string) => boolean) {
  createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
    writeSync(logFd, `${line}\n`);
    if (toTerminal(line)) process.stderr.write(`${line}\n`);
  });
}
keep(child.stdout, isWarningOrWorse);
keep(child.stderr, () => true);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => child.kill(signal));
}
// 'close' comes after the child's output has been read to its end.
child.on('close', (code) => process.exit(code ?? 0));
