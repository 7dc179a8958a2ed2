import type { Env } from '../../env.ts';
import type { Command } from '../command.ts';

/** Where a URL points, without the credentials it may carry. */
function hostOf(url: string | undefined): string {
  if (url === undefined) return 'unset';
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return 'unreadable';
  }
}

/** What the service would run with, secrets left out: one line a setting. */
export function configurationSummary(env: Env): string[] {
  const database = env.DATABASE_URL
    ? `${hostOf(env.DATABASE_URL)} (pool ${env.DATABASE_POOL_SIZE})`
    : `embedded, in ${env.DATA_DIR}`;
  const operator =
    env.ADMIN_PORT === undefined ? 'on the public port' : `${env.ADMIN_HOST}:${env.ADMIN_PORT}`;
  return [
    `  public URL     ${env.PUBLIC_URL}`,
    `  listens on     ${env.HOST}:${env.PORT}; metrics and API docs ${operator}`,
    `  database       ${database}`,
    `  mail           ${env.SMTP_URL ? hostOf(env.SMTP_URL) : `outbox in ${env.DATA_DIR}`}`,
    `  processor      ${env.SANDBOX_PROCESSOR ? 'sandbox emulator' : hostOf(env.CONVERGE_XML_URL)}`,
    `  demo data      ${env.DEMO_DATA ? 'loaded into an empty database' : 'off'}`,
    `  rate limits    ${env.REDIS_URL ? `shared in ${hostOf(env.REDIS_URL)}` : 'in this process only'}`,
    `  installation   ${env.WEBPAY_ROOT}`,
  ];
}

/**
 * The verdict a deploy pipeline asks for before it restarts anything. The
 * configuration was read before the command ran: a refused one never gets
 * here, and webpay.ts prints every problem and exits 1 instead.
 */
export const checkConfigCommand: Command = {
  name: 'check-config',
  summary: 'Check the configuration as the server would at start, without starting it',
  description: [
    'Reads the same environment variables (and *_FILE secrets) as the server and applies the same rules: with NODE_ENV=production, the embedded database, demo data, the local mail outbox, an http:// PUBLIC_URL, the Converge sandbox and weak secrets are refused.',
    'Exit status 0 when the server would start with it, 1 with every problem listed when it would not. Secrets are never printed.',
  ],
  options: {},
  async run(_values, { io, env }) {
    io.out(`check-config: the configuration is acceptable for NODE_ENV=${env.NODE_ENV}.`);
    for (const line of configurationSummary(env)) io.out(line);
    if (env.NODE_ENV !== 'production') {
      io.out('  (production rules apply only with NODE_ENV=production)');
    }
    return 0;
  },
};
