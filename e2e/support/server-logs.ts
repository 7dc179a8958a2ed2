import path from 'node:path';
import { fileURLToPath } from 'node:url';

const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Where the browser tests' server `name` writes its complete log: beside the
 * run's other results (playwright.config.ts outputDir), which Playwright
 * clears before it starts the servers and keeps after the run.
 */
export function serverLogFor(name: string): string {
  return path.join(e2eDir, 'test-results', 'server-logs', `${name}.log`);
}
