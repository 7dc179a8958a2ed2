import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * Everything the service reads besides its configuration (migrations, the
 * built portal, the sandbox processor's browser files, relative DATA_DIR)
 * is found under one folder: the repository in development, the unpacked
 * release in production. WEBPAY_ROOT names it; unset, it is the folder two
 * levels above this module, which is the root both for the TypeScript in
 * server/src and for the compiled files in server/dist.
 */
const BUILT_IN_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export function installRoot(source: Record<string, string | undefined> = process.env): string {
  const configured = source.WEBPAY_ROOT?.trim();
  return configured ? resolve(configured) : BUILT_IN_ROOT;
}

export const INSTALL_ROOT = installRoot();

/** drizzle-kit's migrations and their journal. */
export const MIGRATIONS_DIR = join(INSTALL_ROOT, 'server', 'drizzle');
/** The Converge emulator's script, page script and styles. */
export const SANDBOX_ASSETS_DIR = join(INSTALL_ROOT, 'server', 'assets', 'converge-sandbox');
