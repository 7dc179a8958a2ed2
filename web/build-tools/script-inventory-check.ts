/*
 * The payment page's script inventory (PCI DSS 6.4.3) and the checks made
 * against it: by the build (script-inventory.ts), which writes it, and by the
 * browser tests, which compare what the page really loads with it.
 * docs/decisions/0012-payment-page-scripts.md describes the whole.
 */
import { createHash } from 'node:crypto';

/** Where the build writes the inventory, relative to its output folder (a dot-folder: never served). */
export const SCRIPT_INVENTORY_FILE = '.audit/script-inventory.json';

/** Placeholders an external script's URL may contain, filled in from the deployment's settings. */
export type InventoryPlaceholders = Record<string, string>;

export interface InventoryScript {
  /** The URL the page loads it from, e.g. /webpay/assets/index-abc.js. */
  url: string;
  /** Subresource Integrity of the bytes built: `sha384-<base64>`. */
  integrity: string;
  bytes: number;
  /**
   * `index.html`: a tag of the page, which the browser loads with its integrity
   * checked; `import`: loaded by the portal's own code when needed.
   */
  loadedBy: 'index.html' | 'import';
  /** Why each part of it is on the page, from the justification file. */
  justifications: string[];
  /** What it is built from: the portal's own files and npm packages (`npm:<name>`). */
  sources: string[];
}

export interface ExternalScript {
  /** The URL, with placeholders such as {CONVERGE_HOSTED_URL} for deployment settings. */
  url: string;
  /** Its SRI hash when the owner publishes a fixed one; null when it changes without notice. */
  integrity: string | null;
  justification: string;
}

export interface ScriptInventory {
  /** The page the inventory is for: the one that embeds the card processor's iframe. */
  page: string;
  description: string;
  scripts: InventoryScript[];
  external: ExternalScript[];
}

/** A script the page loaded, as the browser saw it. */
export interface LoadedScript {
  url: string;
  /** The bytes served; needed for the portal's own scripts. */
  body?: Uint8Array;
}

export function integrityOf(bytes: Uint8Array | string): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/** An external script's URL with its placeholders filled in. */
export function resolveExternalUrl(template: string, placeholders: InventoryPlaceholders): string {
  return template.replace(/\{([A-Z0-9_]+)\}/g, (whole, name: string) => {
    const value = placeholders[name];
    if (value === undefined) throw new Error(`No value for ${whole} in ${template}`);
    return value;
  });
}

/**
 * Every way a loaded script departs from the inventory: a URL the inventory
 * does not list, or bytes that are not the ones built. Empty when all is well.
 */
export function unlistedScripts(
  inventory: ScriptInventory,
  loaded: readonly LoadedScript[],
  context: { pageUrl: string; placeholders: InventoryPlaceholders },
): string[] {
  const page = new URL(context.pageUrl);
  const own = new Map(inventory.scripts.map((script) => [script.url, script]));
  const external = new Map(
    inventory.external.map((script) => [
      resolveExternalUrl(script.url, context.placeholders),
      script,
    ]),
  );
  const problems: string[] = [];
  for (const script of loaded) {
    const url = new URL(script.url, page);
    const listedExternal = external.get(url.href);
    if (listedExternal) {
      if (listedExternal.integrity !== null && script.body !== undefined) {
        const served = integrityOf(script.body);
        if (served !== listedExternal.integrity) {
          problems.push(
            `${url.href}: served bytes ${served}, inventory ${listedExternal.integrity}`,
          );
        }
      }
      continue;
    }
    const listed = url.origin === page.origin && !url.search ? own.get(url.pathname) : undefined;
    if (!listed) {
      problems.push(`${url.href}: not in the script inventory`);
      continue;
    }
    if (script.body === undefined) {
      problems.push(`${url.href}: its bytes were not seen, so its integrity is unchecked`);
      continue;
    }
    const served = integrityOf(script.body);
    if (served !== listed.integrity) {
      problems.push(`${url.href}: served bytes ${served}, inventory ${listed.integrity}`);
    }
  }
  return problems;
}

interface Tag {
  name: string;
  attributes: Map<string, string>;
  /** Where the tag ends in the HTML, for reading a script's content. */
  end: number;
  source: string;
}

const TAG =
  /<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** The start tags of an HTML document with their attributes (names lower-cased; comments skipped). */
export function startTags(html: string): Tag[] {
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, (comment) => ' '.repeat(comment.length));
  const tags: Tag[] = [];
  for (const match of withoutComments.matchAll(TAG)) {
    const attributes = new Map<string, string>();
    for (const attribute of (match[2] ?? '').matchAll(ATTRIBUTE)) {
      const name = (attribute[1] ?? '').toLowerCase();
      attributes.set(name, attribute[2] ?? attribute[3] ?? attribute[4] ?? '');
    }
    tags.push({
      name: (match[1] ?? '').toLowerCase(),
      attributes,
      end: match.index + match[0].length,
      source: match[0],
    });
  }
  return tags;
}

/**
 * Everything in a page that would run script without being a script file
 * (OWASP ASVS 5.0 3.4.3, PCI DSS 6.4.3): a <script> without src, an inline
 * event handler attribute (onclick=...), a javascript: URL. The portal's
 * CSP refuses them all; this finds them before a browser has to.
 */
export function inlineScriptProblems(html: string): string[] {
  const problems: string[] = [];
  for (const tag of startTags(html)) {
    if (tag.name === 'script' && !tag.attributes.has('src')) {
      const content =
        html
          .slice(tag.end, tag.end + 60)
          .split('</script')[0]
          ?.trim() ?? '';
      problems.push(`inline <script>: ${tag.source}${content}`);
    }
    for (const [name, value] of tag.attributes) {
      if (/^on[a-z]+$/.test(name)) problems.push(`inline event handler ${name}= in ${tag.source}`);
      if (
        ['href', 'src', 'action', 'formaction', 'xlink:href'].includes(name) &&
        /^\s*javascript:/i.test(value)
      ) {
        problems.push(`javascript: URL in ${tag.source}`);
      }
    }
  }
  return problems;
}

/** The scripts (and module preloads) a page's own tags load, with their integrity attributes. */
export function scriptTags(html: string): { url: string; integrity: string | undefined }[] {
  return startTags(html).flatMap((tag) => {
    const rel = tag.attributes.get('rel')?.toLowerCase();
    const url =
      tag.name === 'script'
        ? tag.attributes.get('src')
        : tag.name === 'link' && rel === 'modulepreload'
          ? tag.attributes.get('href')
          : undefined;
    return url === undefined ? [] : [{ url, integrity: tag.attributes.get('integrity') }];
  });
}

/**
 * Every script tag of a page must load a script of the inventory, with the
 * inventory's integrity in its integrity attribute (OWASP ASVS 5.0 3.6.1).
 */
export function subresourceIntegrityProblems(html: string, inventory: ScriptInventory): string[] {
  const own = new Map(inventory.scripts.map((script) => [script.url, script]));
  const problems: string[] = [];
  for (const tag of scriptTags(html)) {
    const listed = own.get(tag.url);
    if (!listed) problems.push(`${tag.url}: loaded by the page but not in the script inventory`);
    else if (tag.integrity !== listed.integrity) {
      problems.push(
        `${tag.url}: integrity attribute ${tag.integrity ?? '(none)'}, inventory ${listed.integrity}`,
      );
    }
  }
  return problems;
}
