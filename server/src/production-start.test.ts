import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@webpay/contracts/api';
import { createTestDatabase, type TestDatabase } from '../test/support/database.ts';
import { startMailCatcher, type MailCatcher } from '../test/support/mail-catcher.ts';
import { PRODUCTION_ENV } from '../test/support/production-env.ts';
import {
  captureOutput,
  exitOf,
  processEnv,
  serviceCaller,
  spawnTypeScript,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../test/support/server-process.ts';
import { freePort } from '../test/support/test-server.ts';

/*
 * The service as an operator starts it with NODE_ENV=production: refused,
 * naming the setting, for each unsafe one; started and serving when fully
 * configured. Real processes (npx tsx server/src/main.ts).
 */

/** Runs a TypeScript entry of the server with the given environment until it exits. */
async function runToExit(entry: string, args: string[], env: Record<string, string>) {
  const child = spawnTypeScript(entry, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: processEnv('', path.join(tmpdir(), 'webpay-never-written'), env),
  });
  const output = captureOutput(child);
  const { code } = await exitOf(child);
  return { code, output: output() };
}

describe('a production start', { timeout: 90_000 }, () => {
  it.each([
    ['demo data', { DEMO_DATA: 'true' }, 'DEMO_DATA'],
    ['the embedded database', { DATABASE_URL: '' }, 'DATABASE_URL'],
    ['no mail server', { SMTP_URL: '' }, 'SMTP_URL'],
    ['an http public address', { PUBLIC_URL: 'http://pay.example' }, 'PUBLIC_URL'],
    [
      "Converge's sandbox",
      { CONVERGE_XML_URL: 'https://api.demo.convergepay.com/VirtualMerchantDemo/processxml.do' },
      'CONVERGE_XML_URL',
    ],
  ])('is refused with %s, naming the setting', async (_case, unsafe, variable) => {
    const { code, output } = await runToExit('server/src/main.ts', [], {
      ...PRODUCTION_ENV,
      ...unsafe,
    });
    expect(code).toBe(1);
    expect(output).toMatch(new RegExp(`^\\s+- ${variable}: `, 'm'));
    expect(output).not.toContain(PRODUCTION_ENV.JWT_SECRET);
    expect(output).not.toContain('listening');
  });

  it('check-config gives the same verdict without starting', async () => {
    const refused = await runToExit('server/src/cli/webpay.ts', ['check-config'], {
      ...PRODUCTION_ENV,
      DEMO_DATA: 'yes',
      PUBLIC_URL: 'http://localhost',
    });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/^\s+- DEMO_DATA: /m);
    expect(refused.output).toMatch(/^\s+- PUBLIC_URL: /m);

    const accepted = await runToExit('server/src/cli/webpay.ts', ['check-config'], {
      ...PRODUCTION_ENV,
      SMTP_URL: 'smtps://webpay:fake-smtp-password@relay.example:465',
    });
    expect(accepted.code).toBe(0);
    expect(accepted.output).toContain('acceptable for NODE_ENV=production');
    expect(accepted.output).toContain('smtps://relay.example:465');
    for (const secret of [
      'fake-smtp-password',
      PRODUCTION_ENV.JWT_SECRET,
      PRODUCTION_ENV.CONVERGE_PIN,
    ]) {
      expect(accepted.output).not.toContain(secret);
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('a fully configured production start', () => {
  let database: TestDatabase;
  let mail: MailCatcher;
  let dataDir: string;
  let server: ServerProcess;
  let adminUrl: string;

  beforeAll(async () => {
    database = await createTestDatabase('postgres', { seed: false, migrate: false });
    mail = await startMailCatcher();
    dataDir = await mkdtemp(path.join(tmpdir(), 'webpay-production-'));
    const adminPort = await freePort();
    adminUrl = `http://127.0.0.1:${adminPort}`;
    server = await startServerProcess(database.url, dataDir, {
      ...PRODUCTION_ENV,
      DATABASE_URL: database.url,
      SMTP_URL: mail.url,
      ADMIN_PORT: String(adminPort),
      LOG_LEVEL: 'info',
    });
  });

  afterAll(async () => {
    await stopServerProcess(server);
    await mail?.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves the portal API, with no demo guarantors and no sandbox', async () => {
    const api = serviceCaller(server.baseUrl, { apiKey: PRODUCTION_ENV.WEBPAY_API_KEY });
    expect((await api(API_PATHS.configApp)).status).toBe(200);
    const login = await api(API_PATHS.login, {
      body: { accountNumber: '1234567', pin: '48271936' },
    });
    expect(login.status).toBe(401);
    const sandbox = await fetch(
      `${server.baseUrl}/sandbox/converge/hosted-payments/PayWithConverge.js`,
    );
    expect(sandbox.status).toBe(404);
  });

  it('keeps metrics and the API documentation off the public port', async () => {
    for (const operatorPath of ['/metrics', '/api/docs', '/api/openapi.json']) {
      expect((await fetch(`${server.baseUrl}${operatorPath}`)).status).not.toBe(200);
    }
    const metrics = await fetch(`${adminUrl}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('webpay_http_requests_total');
    const document = await fetch(`${adminUrl}/api/openapi.json`);
    expect(document.status).toBe(200);
    expect(JSON.stringify(await document.json())).toContain(API_PATHS.login);
    expect((await fetch(`${adminUrl}/api/docs`)).status).toBe(200);
  });

  it('stops on SIGTERM with exit 0, leaving nothing listening', async () => {
    const running = server;
    process.kill(running.child.pid ?? 0, 'SIGTERM');
    const { code } = await running.exited;
    expect(code).toBe(0);
    expect(running.output()).toContain('"msg":"stopped"');
    await expect(fetch(`${running.baseUrl}/healthz`)).rejects.toThrow();
    await expect(fetch(`${adminUrl}/metrics`)).rejects.toThrow();
  });
});
