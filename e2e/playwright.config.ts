import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium.ts';
import { e2eServers } from './support/servers.ts';

/*
 * Every spec runs against the production build served by the real server:
 * once over the embedded PGlite database and, when TEST_DATABASE_URL points at
 * a PostgreSQL server, once more over a fresh schema there.
 */
export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: e2eServers.map((server) => ({
    name: server.name,
    use: {
      ...devices['Desktop Chrome'],
      baseURL: server.baseUrl,
      launchOptions: chromiumLaunchOptions,
    },
  })),
  webServer: e2eServers.map((server) => ({
    command: server.command,
    url: `${server.baseUrl}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  })),
});
