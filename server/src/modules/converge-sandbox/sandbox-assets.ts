import { readFile } from 'node:fs/promises';

/** The emulator's browser files: plain JavaScript and CSS, served as written (no build step). */
export interface SandboxAssets {
  payWithConverge: string;
  lightboxScript: string;
  lightboxStyles: string;
}

const ASSETS_DIR = new URL('./assets/', import.meta.url);

export async function loadSandboxAssets(): Promise<SandboxAssets> {
  const read = (name: string) => readFile(new URL(name, ASSETS_DIR), 'utf8');
  const [payWithConverge, lightboxScript, lightboxStyles] = await Promise.all([
    read('PayWithConverge.js'),
    read('lightbox.js'),
    read('lightbox.css'),
  ]);
  return { payWithConverge, lightboxScript, lightboxStyles };
}
