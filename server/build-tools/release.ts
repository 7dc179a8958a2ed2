import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, cp, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { releaseKeepsFontFile } from '../src/modules/statements/statement-fonts.ts';
import { externalDependencies } from './build.ts';

/*
 * `npm run release`: the built service and portal, the migrations and the
 * production dependencies in one archive, release/webpay-<version>.tar.gz,
 * so that a VM with nothing but Node.js runs `./webpay serve` in the
 * unpacked folder. The dependencies are copied from this checkout's
 * node_modules, so the release carries exactly the versions the tests ran
 * with, and making it needs no registry.
 */

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RELEASE_DIR = path.join(REPO_ROOT, 'release');

interface PackageManifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  engines?: Record<string, string>;
}

const readManifest = (directory: string) =>
  JSON.parse(readFileSync(path.join(directory, 'package.json'), 'utf8')) as PackageManifest;

/** Node's lookup: `name` in node_modules beside `from`, then in each folder above it. */
function resolvePackage(name: string, from: string): string | undefined {
  for (let directory = from; ; directory = path.dirname(directory)) {
    const candidate = path.join(directory, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (directory === path.dirname(directory) || directory === path.dirname(REPO_ROOT)) {
      return undefined;
    }
  }
}

/**
 * Every package the compiled service can load: its dependencies, theirs,
 * and so on; optional ones only where installed, optional peers not at all
 * (they are the caller's choice, and the caller lists what it uses).
 */
export function productionPackages(roots: string[], from: string): string[] {
  const found = new Set<string>();
  const visit = (name: string, requiredBy: string, optional: boolean) => {
    const directory = resolvePackage(name, requiredBy);
    if (!directory) {
      if (optional) return;
      throw new Error(`${name}, needed by ${requiredBy}, is not installed: run npm ci first`);
    }
    if (found.has(directory)) return;
    found.add(directory);
    const manifest = readManifest(directory);
    for (const dependency of Object.keys(manifest.dependencies ?? {})) {
      visit(dependency, directory, false);
    }
    for (const dependency of Object.keys(manifest.optionalDependencies ?? {})) {
      visit(dependency, directory, true);
    }
    for (const [peer] of Object.entries(manifest.peerDependencies ?? {})) {
      if (!manifest.peerDependenciesMeta?.[peer]?.optional) visit(peer, directory, false);
    }
  };
  for (const name of roots) visit(name, from, false);
  return [...found].sort();
}

async function copyProductionDependencies(stage: string): Promise<number> {
  const packages = productionPackages(externalDependencies(), path.join(REPO_ROOT, 'server'));
  for (const directory of packages) {
    const relative = path.relative(REPO_ROOT, directory);
    if (!relative.startsWith(`node_modules${path.sep}`)) {
      throw new Error(
        `${relative} is not under the root node_modules; the release expects a hoisted install`,
      );
    }
    // A package nested in another is copied with it.
    if (relative.split(path.sep).slice(1).includes('node_modules')) continue;
    const manifest = readManifest(directory);
    await cp(directory, path.join(stage, relative), {
      recursive: true,
      filter: (source) =>
        path.basename(source) !== '.bin' &&
        releaseKeepsFontFile(
          manifest.name,
          path.relative(directory, source).split(path.sep).join('/'),
        ),
    });
  }
  return packages.length;
}

async function copyBuiltFiles(stage: string): Promise<void> {
  const required = [
    'server/dist/main.js',
    'server/dist/webpay.js',
    'web/dist/index.html',
    // The billing office console, built beside the portal (web/vite.office.config.ts).
    'web/dist/office/index.html',
  ];
  const missing = required.filter((file) => !existsSync(path.join(REPO_ROOT, file)));
  if (missing.length > 0) {
    throw new Error(`not built: ${missing.join(', ')}; run npm run build first`);
  }
  const folders = ['server/dist', 'server/drizzle', 'server/assets', 'web/dist', 'deploy'];
  for (const folder of folders) {
    await cp(path.join(REPO_ROOT, folder), path.join(stage, folder), { recursive: true });
  }
  for (const file of ['CHANGELOG.md', 'docs/deploy.md', 'docs/operations.md']) {
    await cp(path.join(REPO_ROOT, file), path.join(stage, file));
  }
  const launcher = path.join(stage, 'webpay');
  await cp(path.join(REPO_ROOT, 'server/build-tools/webpay-launcher.sh'), launcher);
  await chmod(launcher, 0o755);
}

async function writeManifest(stage: string, version: string): Promise<void> {
  const manifest = {
    name: 'webpay',
    version,
    private: true,
    description: 'WebPay: the patient billing portal and its billing service, built for production',
    type: 'module',
    engines: readManifest(REPO_ROOT).engines,
  };
  await writeFile(path.join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

export async function buildRelease(): Promise<string> {
  const { version } = readManifest(REPO_ROOT);
  const name = `webpay-${version}`;
  const stage = path.join(RELEASE_DIR, name);
  const archive = path.join(RELEASE_DIR, `${name}.tar.gz`);
  await rm(stage, { recursive: true, force: true });
  await rm(archive, { force: true });
  await mkdir(stage, { recursive: true });
  await copyBuiltFiles(stage);
  const packages = await copyProductionDependencies(stage);
  await writeManifest(stage, version);
  execFileSync('tar', ['-czf', archive, '--owner=0', '--group=0', '-C', RELEASE_DIR, name]);
  await rm(stage, { recursive: true, force: true });
  console.info(
    `Wrote ${path.relative(REPO_ROOT, archive)}: WebPay ${version}, ${packages} packages`,
  );
  return archive;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildRelease();
