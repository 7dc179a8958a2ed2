/*
 * Brotli and gzip copies of the built files, written next to them
 * (`x.js.br`, `x.js.gz`), so the server can answer with compressed bytes
 * without compressing on every request (server/src/plugins/portal.ts).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats only: images such as PNG are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|webmanifest)$/;
/** Below this, the headers cost more than compression saves. */
const MIN_BYTES = 1024;

export async function precompressFile(file: string): Promise<void> {
  const bytes = await readFile(file);
  if (bytes.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipAsync(bytes, { level: zlibConstants.Z_BEST_COMPRESSION }),
  ]);
  // A copy no smaller than the original would only waste the client's time decoding it.
  if (br.length < bytes.length) await writeFile(`${file}.br`, br);
  if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
}

/**
 * Compresses every emitted text file. index.html is left out: the server
 * rewrites it (the API key) and sends its own copy.
 */
export function precompress(): Plugin {
  return {
    name: 'webpay:precompress',
    apply: 'build',
    enforce: 'post',
    async writeBundle(output, bundle) {
      const outDir = output.dir ?? path.dirname(output.file ?? '');
      const names = Object.keys(bundle).filter(
        (name) => COMPRESSIBLE.test(name) && name !== 'index.html',
      );
      await Promise.all(names.map((name) => precompressFile(path.join(outDir, name))));
    },
  };
}
