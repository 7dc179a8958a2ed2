/*
 * PCI DSS 6.4.3 at build time: every script the payment page can load is
 * listed with its integrity and the reason it is there, and the page's own
 * script tags carry Subresource Integrity. docs/decisions/0012-payment-page-scripts.md.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import {
  SCRIPT_INVENTORY_FILE,
  inlineScriptProblems,
  integrityOf,
  type ExternalScript,
  type InventoryScript,
  type ScriptInventory,
} from './script-inventory-check.ts';

/** One entry of the justification file: sources (patterns) and why they may run on the page. */
export interface JustificationRule {
  sources: string[];
  reason: string;
}

/** The committed justification file (web/script-justifications.json). */
export interface Justifications {
  bundled: JustificationRule[];
  external: { url: string; integrity?: string | null; reason: string }[];
}

export interface BuiltChunk {
  fileName: string;
  moduleIds: readonly string[];
}

/**
 * What a bundled module comes from, as the justification file names it: an
 * npm package as `npm:<name>`, a bundler helper as `virtual:<id>`, anything
 * else as its path from the repository root (`web/src/main.tsx`).
 */
export function sourceOf(moduleId: string, repoRoot: string): string {
  const id = (moduleId.split('?')[0] ?? '').replace(/\\/g, '/');
  if (id.startsWith('\0')) return `virtual:${id.slice(1)}`;
  const nodeModules = id.lastIndexOf('/node_modules/');
  if (nodeModules !== -1) {
    const [first = '', second = ''] = id.slice(nodeModules + '/node_modules/'.length).split('/');
    return `npm:${first.startsWith('@') ? `${first}/${second}` : first}`;
  }
  const relative = path.posix.relative(repoRoot.replace(/\\/g, '/'), id);
  return relative.startsWith('..') || path.posix.isAbsolute(relative) ? id : relative;
}

function patternToRegExp(pattern: string): RegExp {
  let source = '';
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index] ?? '';
    if (char === '*' && pattern[index + 1] === '*') {
      source += '.*';
      index += 1;
    } else if (char === '*') source += '[^/]*';
    else source += char.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** `*` matches within one path segment, `**` across segments. */
export function matchesSource(pattern: string, source: string): boolean {
  return patternToRegExp(pattern).test(source);
}

export interface JustifiedChunk {
  fileName: string;
  sources: string[];
  justifications: string[];
}

/**
 * Each chunk's sources and the reasons that cover them. A source no rule
 * covers is returned in `unjustified`: the build refuses to ship it.
 */
export function justifyChunks(
  chunks: readonly BuiltChunk[],
  rules: readonly JustificationRule[],
  repoRoot: string,
): { chunks: JustifiedChunk[]; unjustified: { fileName: string; source: string }[] } {
  const compiled = rules.map((rule) => ({ rule, patterns: rule.sources.map(patternToRegExp) }));
  const unjustified: { fileName: string; source: string }[] = [];
  const justified = chunks.map((chunk) => {
    const sources = [...new Set(chunk.moduleIds.map((id) => sourceOf(id, repoRoot)))].sort();
    const reasons = new Set<string>();
    for (const source of sources) {
      const matching = compiled.filter(({ patterns }) => patterns.some((re) => re.test(source)));
      if (matching.length === 0) unjustified.push({ fileName: chunk.fileName, source });
      for (const { rule } of matching) reasons.add(rule.reason);
    }
    // In the order of the file, so the inventory reads like it.
    const justifications = rules.map((rule) => rule.reason).filter((reason) => reasons.has(reason));
    return { fileName: chunk.fileName, sources, justifications };
  });
  return { chunks: justified, unjustified };
}

const INTEGRITY_TAG =
  /<(script|link)\b((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/g;

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'=<>\`]+))`, 'i').exec(
    attributes,
  );
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/**
 * Adds integrity (and crossorigin, which the browser needs to check it) to
 * every <script src>, <link rel="modulepreload"> and <link rel="stylesheet">
 * whose URL is in `integrityByUrl`. Returns the page and the script URLs its
 * tags load that are not part of the build.
 */
export function addSubresourceIntegrity(
  html: string,
  integrityByUrl: ReadonlyMap<string, string>,
): { html: string; scripts: string[]; foreign: string[] } {
  const scripts: string[] = [];
  const foreign: string[] = [];
  const rewritten = html.replace(
    INTEGRITY_TAG,
    (tag, name: string, attributes: string, selfClosing: string) => {
      const rel = attribute(attributes, 'rel')?.toLowerCase();
      const isScript = name.toLowerCase() === 'script';
      const url = isScript
        ? attribute(attributes, 'src')
        : rel === 'modulepreload' || rel === 'stylesheet'
          ? attribute(attributes, 'href')
          : undefined;
      if (url === undefined) return tag;
      const loadsScript = isScript || rel === 'modulepreload';
      const integrity = integrityByUrl.get(url);
      if (integrity === undefined) {
        if (loadsScript) foreign.push(url);
        return tag;
      }
      if (loadsScript) scripts.push(url);
      let added = attributes.replace(/\s+integrity\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+)/i, '');
      if (!/\scrossorigin\b/i.test(added)) added += ' crossorigin';
      return `<${name}${added} integrity="${integrity}"${selfClosing ? ' /' : ''}>`;
    },
  );
  return { html: rewritten, scripts, foreign };
}

/** Sources a page must never bundle, and why: the build fails if one of its chunks does. */
export interface ForbiddenSources {
  sources: string[];
  reason: string;
}

export interface ScriptInventoryOptions {
  /** The committed justification file, or several whose rules add up. */
  justificationsFile: string | readonly string[];
  /** Sources no chunk of this build may contain (another page's code). */
  forbidden?: ForbiddenSources;
  /** The page the inventory is for (it embeds the card processor's iframe). */
  page: string;
  /** Where module paths are taken from; by default the folder above Vite's root. */
  repoRoot?: string;
}

async function readJustifications(file: string): Promise<Justifications> {
  const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<Justifications>;
  const rulesOk =
    Array.isArray(parsed.bundled) &&
    parsed.bundled.every(
      (rule) =>
        Array.isArray(rule.sources) &&
        rule.sources.every((source) => typeof source === 'string') &&
        typeof rule.reason === 'string' &&
        rule.reason.trim() !== '',
    );
  const externalOk =
    Array.isArray(parsed.external) &&
    parsed.external.every(
      (script) =>
        typeof script.url === 'string' &&
        typeof script.reason === 'string' &&
        script.reason.trim() !== '',
    );
  if (!rulesOk || !externalOk) {
    throw new Error(
      `${file}: expected {"bundled": [{"sources": [...], "reason": "..."}], "external": [{"url": "...", "reason": "..."}]}`,
    );
  }
  return parsed as Justifications;
}

/** The justification files' rules, in order, as one. */
async function readAllJustifications(files: readonly string[]): Promise<Justifications> {
  const all = await Promise.all(files.map(readJustifications));
  return {
    bundled: all.flatMap((file) => file.bundled),
    external: all.flatMap((file) => file.external),
  };
}

/** Each chunk's sources that match a forbidden pattern, as `source (in file)`. */
export function forbiddenSourcesIn(
  chunks: readonly { fileName: string; sources: readonly string[] }[],
  patterns: readonly string[],
): string[] {
  return chunks.flatMap((chunk) =>
    chunk.sources
      .filter((source) => patterns.some((pattern) => matchesSource(pattern, source)))
      .map((source) => `${source} (in ${chunk.fileName})`),
  );
}

/**
 * The build's script inventory: after the bundle is written, every JS chunk
 * is hashed (sha384), justified from the committed justification file, and
 * listed in SCRIPT_INVENTORY_FILE; index.html's tags get integrity
 * attributes. The build fails on a module no justification covers, on a
 * script tag that loads something not built, and on inline script in
 * index.html.
 */
export function scriptInventory(options: ScriptInventoryOptions): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'webpay:script-inventory',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(output, bundle) {
      const outDir = output.dir ?? path.dirname(output.file ?? '');
      const repoRoot = options.repoRoot ?? path.resolve(config.root, '..');
      const files = [options.justificationsFile].flat();
      const justifications = await readAllJustifications(files);
      const justificationsName = files.map((file) => path.relative(repoRoot, file)).join(', ');

      const built: BuiltChunk[] = [];
      const integrityByUrl = new Map<string, string>();
      const bytesByFile = new Map<string, number>();
      for (const item of Object.values(bundle)) {
        const isScript = item.type === 'chunk';
        if (!isScript && !item.fileName.endsWith('.css')) continue;
        const bytes = await readFile(path.join(outDir, item.fileName));
        integrityByUrl.set(`${config.base}${item.fileName}`, integrityOf(bytes));
        bytesByFile.set(item.fileName, bytes.length);
        if (item.type === 'chunk')
          built.push({ fileName: item.fileName, moduleIds: item.moduleIds });
      }

      const { chunks, unjustified } = justifyChunks(built, justifications.bundled, repoRoot);
      if (unjustified.length > 0) {
        const lines = unjustified.map(({ fileName, source }) => `  ${source} (in ${fileName})`);
        this.error(
          `These sources would run on the payment page without a justification (PCI DSS 6.4.3):\n` +
            `${[...new Set(lines)].join('\n')}\n` +
            `Add them to ${justificationsName} with the reason they are needed ` +
            `(docs/decisions/0012-payment-page-scripts.md).`,
        );
      }

      const forbidden = forbiddenSourcesIn(chunks, options.forbidden?.sources ?? []);
      if (forbidden.length > 0) {
        this.error(
          `These sources must not be part of this build: ${options.forbidden?.reason}\n` +
            `  ${[...new Set(forbidden)].join('\n  ')}`,
        );
      }

      const indexFile = path.join(outDir, 'index.html');
      const page = addSubresourceIntegrity(await readFile(indexFile, 'utf8'), integrityByUrl);
      if (page.foreign.length > 0) {
        this.error(
          `index.html loads scripts that are not part of the build: ${page.foreign.join(', ')}`,
        );
      }
      const inline = inlineScriptProblems(page.html);
      if (inline.length > 0) {
        this.error(`index.html must not run inline script (CSP):\n  ${inline.join('\n  ')}`);
      }
      await writeFile(indexFile, page.html);

      const scripts: InventoryScript[] = chunks
        .map((chunk) => {
          const url = `${config.base}${chunk.fileName}`;
          return {
            url,
            integrity: integrityByUrl.get(url) ?? '',
            bytes: bytesByFile.get(chunk.fileName) ?? 0,
            loadedBy: page.scripts.includes(url) ? ('index.html' as const) : ('import' as const),
            justifications: chunk.justifications,
            sources: chunk.sources,
          };
        })
        .sort((a, b) => a.url.localeCompare(b.url));
      const external: ExternalScript[] = justifications.external.map((script) => ({
        url: script.url,
        integrity: script.integrity ?? null,
        justification: script.reason,
      }));
      const inventory: ScriptInventory = {
        page: options.page,
        description:
          `Every script the portal's pages can load, the payment page's included (PCI DSS 6.4.3), ` +
          `written by the build from ${justificationsName}. Scripts loaded by index.html are ` +
          `checked by the browser against their integrity; the others are loaded from this ` +
          `server by the portal's code, and the browser tests check their bytes.`,
        scripts,
        external,
      };
      const inventoryFile = path.join(outDir, SCRIPT_INVENTORY_FILE);
      await mkdir(path.dirname(inventoryFile), { recursive: true });
      await writeFile(inventoryFile, `${JSON.stringify(inventory, null, 2)}\n`);
    },
  };
}
