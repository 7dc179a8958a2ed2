import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { Database } from '../../db/client.ts';
import { SANDBOX_CONVERGE_PATH, type Env } from '../../env.ts';
import type { ConvergeEnv } from '../payments/index.ts';
import { ConvergeSandboxRepository } from './converge-sandbox.repository.ts';
import { ConvergeSandbox, sandboxOptions } from './converge-sandbox.service.ts';
import xmlApiRoutes from './xml-api.routes.ts';

/** Whether the configured processor is this deployment's own emulator rather than Elavon's. */
export function usesOwnSandbox(
  env: Pick<Env, 'SANDBOX_PROCESSOR' | 'PUBLIC_URL' | 'CONVERGE_XML_URL'>,
): boolean {
  return (
    env.SANDBOX_PROCESSOR &&
    env.CONVERGE_XML_URL.startsWith(`${env.PUBLIC_URL}${SANDBOX_CONVERGE_PATH}/`)
  );
}

export interface LocalSandbox {
  /** The adapter's settings for reaching it. */
  env: ConvergeEnv;
  close(): Promise<void>;
}

/**
 * The emulator's XML API on a private localhost port, over the given
 * database. The command line uses it: its records live in the database, so
 * it answers exactly as the server's emulator would, and the command works
 * whether or not a server is running (with the embedded database, one
 * cannot be). It settles daily at SANDBOX_SETTLEMENT_TIME like the server's.
 */
export async function startLocalSandbox(
  db: Database,
  env: Parameters<typeof sandboxOptions>[0],
  /** The emulator's clock; tests move it to a settlement cutoff. */
  now?: () => Date,
): Promise<LocalSandbox> {
  const sandbox = new ConvergeSandbox(new ConvergeSandboxRepository(db), sandboxOptions(env, now));
  const app = Fastify({ logger: false });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body.toString())));
    },
  );
  await app.register(xmlApiRoutes, { sandbox, prefix: SANDBOX_CONVERGE_PATH });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}${SANDBOX_CONVERGE_PATH}`;
  return {
    env: {
      CONVERGE_HOSTED_URL: `${base}/hosted-payments`,
      CONVERGE_XML_URL: `${base}/VirtualMerchantDemo/processxml.do`,
      CONVERGE_MERCHANT_ID: env.CONVERGE_MERCHANT_ID,
      CONVERGE_USER_ID: env.CONVERGE_USER_ID,
      CONVERGE_PIN: env.CONVERGE_PIN,
    },
    close: () => app.close(),
  };
}
