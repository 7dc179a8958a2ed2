import { startMailCatcher, type MailCatcher } from '../support/mail-catcher.ts';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.ts';
import {
  startTestServer,
  type TestServer,
  type TestServerOptions,
} from '../support/test-server.ts';

/** Mail timeouts of the services these tests start, so a stalled mail server fails fast. */
export const SMTP_TIMEOUT_MS = 1000;

/** SMTP_URL for a mail server on this loopback port, with every timeout SMTP_TIMEOUT_MS. */
export function fastSmtpUrl(port: number): string {
  const ms = String(SMTP_TIMEOUT_MS);
  const url = new URL(`smtp://127.0.0.1:${port}`);
  for (const name of ['connectionTimeout', 'greetingTimeout', 'socketTimeout']) {
    url.searchParams.set(name, ms);
  }
  return url.toString();
}

/** A service whose SMTP_URL is `smtpUrl`, on the database the test run uses. */
export function startServerWithSmtp(
  smtpUrl: string,
  options: Omit<TestServerOptions, 'env'> = {},
): Promise<TestServer> {
  return startTestServer(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', {
    ...options,
    env: { SMTP_URL: smtpUrl },
  });
}

export interface MailBehindProxy {
  /** The real SMTP server, behind the proxy. */
  catcher: MailCatcher;
  /** Between the service and the catcher: the test refuses, resets or stalls it. */
  proxy: TcpProxy;
  server: TestServer;
  close(): Promise<void>;
}

/** A mail catcher behind a TCP proxy, and a service that sends its mail through the proxy. */
export async function startMailBehindProxy(
  options: Omit<TestServerOptions, 'env'> = {},
): Promise<MailBehindProxy> {
  const catcher = await startMailCatcher();
  const proxy = await startTcpProxy('127.0.0.1', catcher.port);
  const server = await startServerWithSmtp(fastSmtpUrl(proxy.port), options);
  return {
    catcher,
    proxy,
    server,
    async close() {
      await server.close();
      await proxy.close();
      await catcher.close();
    },
  };
}
