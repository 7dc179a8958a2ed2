import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions } from 'esbuild';
import serverPackage from '../package.json' with { type: 'json' };

/*
 * Compiles the service and the `webpay` command to JavaScript in
 * server/dist, so production runs `node` on it: no TypeScript loader, no
 * dev dependencies. The workspace's shared contracts are compiled in; every
 * other dependency stays an import of node_modules, as installed by
 * `npm ci --omit=dev` or carried in the release. Files are found at run
 * time from the installation's root (install-root.ts), never from where a
 * source file was, so the output can live anywhere under that root.
 */

const SERVER_DIR = fileURLToPath(new URL('../', import.meta.url));
export const DIST_DIR = fileURLToPath(new URL('../dist/', import.meta.url));

/** The runtime dependencies node resolves at run time; the contracts are bundled instead. */
export function externalDependencies(): string[] {
  return Object.keys(serverPackage.dependencies).filter((name) => !name.startsWith('@webpay/'));
}

/**
 * Test tooling (server/test: fault injection, fuzzing, test servers) that
 * the bundle took in, as paths relative to server/; the build refuses any.
 */
export function testToolingIn(inputs: Iterable<string>): string[] {
  return [...inputs].filter((input) => /^test\//.test(input));
}

/** esbuild's settings for the service and the `webpay` command. */
function serverBuild(outdir: string) {
  return {
    absWorkingDir: SERVER_DIR,
    entryPoints: { main: 'src/main.ts', webpay: 'src/cli/webpay.ts' },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22.12',
    external: externalDependencies().flatMap((name) => [name, `${name}/*`]),
    // Beside the entries: install-root.ts finds the root two folders above whichever file holds it.
    chunkNames: '[name]-[hash]',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
  } satisfies BuildOptions;
}

/** The source files (relative to server/) that the production bundle is made of, nothing written. */
export async function productionInputs(): Promise<string[]> {
  const { metafile } = await build({ ...serverBuild(DIST_DIR), write: false });
  return Object.keys(metafile.inputs);
}

export async function buildServer(): Promise<void> {
  await rm(DIST_DIR, { recursive: true, force: true });
  const { metafile } = await build(serverBuild(DIST_DIR));
  const tooling = testToolingIn(Object.keys(metafile.inputs));
  if (tooling.length > 0) {
    throw new Error(`The production bundle may not contain test tooling: ${tooling.join(', ')}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServer();
  console.info(`Compiled the service and the webpay command into ${DIST_DIR}`);
}
