import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SANDBOX_ASSETS_DIR } from '../../install-root.ts';

/** The emulator's browser files: plain JavaScript and CSS, served as written (no build step). */
export interface SandboxAssets {
  payWithConverge: string;
  lightboxScript: string;
  lightboxStyles: string;
}

export async function loadSandboxAssets(): Promise<SandboxAssets> {
  const read = (name: string) => readFile(join(SANDBOX_ASSETS_DIR, name), 'utf8');
  const [payWithConverge, lightboxScript, lightboxStyles] = await Promise.all([
    read('PayWithConverge.js'),
    read('lightbox.js'),
    read('lightbox.css'),
  ]);
  return { payWithConverge, lightboxScript, lightboxStyles };
}
