import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium.ts';
import { e2eServers } from './support/servers.ts';

/*
 * Every spec runs against the production build served by the real server:
 * once over the embedded PGlite database and, when TEST_DATABASE_URL points at
 * a PostgreSQL server, once more over a fresh schema there. Checks of what the
 * browser shows that no database can change run on the first server only: the
 * accessibility (axe) checks and the tests tagged @any-db
 * (ANY_DB in support/fixtures.ts). So do the billing office console's tests
 * (@office, OFFICE in support/office.ts): only the first server has single
 * sign-on.
 */
const ONE_SERVER_ONLY = [/\(axe\)/, /@any-db/, /@office/];

/**
 * The console's support actions change the demo guarantors' sign-in (a new
 * PIN, a lockout, every session ended), so their spec runs on the first
 * server once every other spec there is done.
 */
const AFTER_THE_REST = 'office-guarantors.spec.ts';

/**
 * The payment desk's spec checks that today's money report moves by exactly
 * the payments it makes, so it runs alone on the first server once the other
 * specs are done, and before the support actions change Maria's PIN.
 */
const ALONE = 'office-payments.spec.ts';

/**
 * Recurring payments move time with the billing office's `webpay autopay
 * --today` command, which works on the server's database: so on the
 * PostgreSQL server only (a PGlite one keeps it inside its process), after
 * the other specs there, as Maria's plans change her dashboard.
 */
const RECURRING = 'recurring-payments.spec.ts';

/**
 * Financial assistance changes Maria's balances and exports with the
 * billing office's command: on the PostgreSQL server, after her recurring
 * payments.
 */
const ASSISTANCE = 'assistance-application.spec.ts';
const postgresServer = e2eServers.find((server) => server.name === 'postgres');

/** The log check's own tests, which need no server and no browser. */
const LOG_CHECK_TESTS = 'log-check.spec.ts';

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  // A card payment on Robert's large account takes 10–15 s on an idle machine
  // with two workers and two servers on two cores; the margin is for a busy one.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // After the list, the log check: no PIN, code, card or bank number in the servers' logs.
  reporter: [['list'], ['./support/log-check-reporter.ts']],
  use: {
    // English unless a test asks for another language: the machine's own locale must not choose.
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    { name: 'log-check', testMatch: LOG_CHECK_TESTS },
    ...e2eServers.map((server, index) => ({
      name: server.name,
      testIgnore: [LOG_CHECK_TESTS, AFTER_THE_REST, ALONE, RECURRING, ASSISTANCE],
      grepInvert: index === 0 ? undefined : ONE_SERVER_ONLY,
      use: {
        ...devices['Desktop Chrome'],
        locale: 'en-US',
        baseURL: server.baseUrl,
        launchOptions: chromiumLaunchOptions,
      },
    })),
    {
      name: `${e2eServers[0]?.name}-office`,
      testMatch: AFTER_THE_REST,
      dependencies: [`${e2eServers[0]?.name}-desk`],
      use: {
        ...devices['Desktop Chrome'],
        locale: 'en-US',
        baseURL: e2eServers[0]?.baseUrl,
        launchOptions: chromiumLaunchOptions,
      },
    },
    {
      name: `${e2eServers[0]?.name}-desk`,
      testMatch: ALONE,
      dependencies: [e2eServers[0]?.name ?? 'pglite'],
      use: {
        ...devices['Desktop Chrome'],
        locale: 'en-US',
        baseURL: e2eServers[0]?.baseUrl,
        launchOptions: chromiumLaunchOptions,
      },
    },
    ...(postgresServer
      ? [
          {
            name: 'postgres-recurring',
            testMatch: RECURRING,
            dependencies: ['postgres'],
            use: {
              ...devices['Desktop Chrome'],
              locale: 'en-US',
              baseURL: postgresServer.baseUrl,
              launchOptions: chromiumLaunchOptions,
            },
          },
          {
            name: 'postgres-assistance',
            testMatch: ASSISTANCE,
            dependencies: ['postgres-recurring'],
            use: {
              ...devices['Desktop Chrome'],
              locale: 'en-US',
              baseURL: postgresServer.baseUrl,
              launchOptions: chromiumLaunchOptions,
            },
          },
        ]
      : []),
  ],
  webServer: e2eServers.map((server) => ({
    command: server.command,
    url: `${server.baseUrl}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  })),
});
