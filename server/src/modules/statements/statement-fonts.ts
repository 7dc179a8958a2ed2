import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { FontChain } from './font-chain.ts';
import { woffToSfnt } from './woff-to-sfnt.ts';

/*
 * The fonts statements print in (decision 0017): Noto Sans for Latin (with
 * Vietnamese), Greek and Cyrillic, then Noto Sans SC for CJK ideographs
 * and kana. Both come from their npm packages as WOFF files cut by
 * Unicode range, and a PDF embeds a subset of only the files its text needs,
 * so a statement in English carries a few kilobytes of Latin glyphs and a
 * name such as 陈 adds one small CJK file. Both are under the SIL Open Font
 * License, which allows embedding them; the release ships the license with
 * the files (release.ts keeps only those listed here).
 */

const STATEMENT_WEIGHTS = { regular: 400, bold: 700 } as const;
type Weight = (typeof STATEMENT_WEIGHTS)[keyof typeof STATEMENT_WEIGHTS];

interface FontFamily {
  packageName: string;
  /** How the package names its files: `files/<id>-<subset>-<weight>-normal.woff`. */
  id: string;
  /** The subsets used, best first; undefined takes every numbered subset (`[0]`, `[1]`, …). */
  subsets?: readonly string[];
}

const STATEMENT_FONT_FAMILIES: readonly FontFamily[] = [
  {
    packageName: '@fontsource/noto-sans',
    id: 'noto-sans',
    subsets: ['latin', 'latin-ext', 'vietnamese', 'greek', 'cyrillic'],
  },
  // Its Latin subsets are left out: Noto Sans above prints Latin in one design.
  { packageName: '@fontsource/noto-sans-sc', id: 'noto-sans-sc' },
];

/** One file of a family: which code points it covers and where it is, for both weights. */
interface FontFace {
  file: (weight: Weight) => string;
  ranges: readonly (readonly [number, number])[];
}

const require = createRequire(import.meta.url);

/** `U+0000-00FF,U+0131` as code point ranges. */
export function parseUnicodeRange(value: string): [number, number][] {
  return [...value.matchAll(/U\+([0-9A-Fa-f]+)(?:-([0-9A-Fa-f]+))?/g)].map((match) => {
    const first = parseInt(match[1] ?? '', 16);
    return [first, match[2] ? parseInt(match[2], 16) : first];
  });
}

function subsetsOf(family: FontFamily, ranges: Record<string, string>): string[] {
  if (family.subsets) return [...family.subsets];
  return Object.keys(ranges)
    .filter((subset) => /^\[\d+\]$/.test(subset))
    .map((subset) => subset.slice(1, -1));
}

function fontFileName(family: FontFamily, subset: string, weight: number | string): string {
  return `files/${family.id}-${subset}-${weight}-normal.woff`;
}

async function facesOf(family: FontFamily): Promise<FontFace[]> {
  const root = dirname(require.resolve(`${family.packageName}/package.json`));
  const ranges = JSON.parse(await readFile(join(root, 'unicode.json'), 'utf8')) as Record<
    string,
    string
  >;
  return subsetsOf(family, ranges).map((subset) => ({
    file: (weight) => join(root, fontFileName(family, subset, weight)),
    ranges: parseUnicodeRange(ranges[subset] ?? ranges[`[${subset}]`] ?? ''),
  }));
}

let catalogue: Promise<FontFace[]> | undefined;
const fileCache = new Map<string, Promise<Uint8Array>>();

/** Every face, best first; read once per process. */
function allFaces(): Promise<FontFace[]> {
  catalogue ??= Promise.all(STATEMENT_FONT_FAMILIES.map(facesOf)).then((faces) => faces.flat());
  return catalogue;
}

/** A font file unpacked from WOFF, read once per process. */
function fontFile(path: string): Promise<Uint8Array> {
  let bytes = fileCache.get(path);
  if (!bytes) {
    bytes = readFile(path).then(woffToSfnt);
    fileCache.set(path, bytes);
  }
  return bytes;
}

const covers = (face: FontFace, codePoint: number) =>
  face.ranges.some(([first, last]) => codePoint >= first && codePoint <= last);

/** The faces `text` needs: the first face covering each of its characters, and always the first. */
function facesFor(faces: readonly FontFace[], text: string): FontFace[] {
  const needed = new Set<FontFace>(faces.slice(0, 1));
  for (const char of new Set(text)) {
    const codePoint = char.codePointAt(0) ?? 0;
    const face = faces.find((candidate) => covers(candidate, codePoint));
    if (face) needed.add(face);
  }
  return faces.filter((face) => needed.has(face));
}

/**
 * Ligatures off: "ffi" stays three letters for copy, search and screen
 * readers, and a text's width is the sum of its letters' (FontChain).
 * Kerning and mark positions off too: pdf-lib draws every glyph at its
 * advance whatever they say, so computing them only costs time.
 */
const PLAIN_LAYOUT = { liga: false, kern: false, mark: false, mkmk: false };

export interface StatementFonts {
  regular: FontChain;
  bold: FontChain;
}

/**
 * Embeds, as subsets, the fonts that can print every character of `texts`
 * in both weights. A character no face covers prints as its unaccented
 * letter or '?' (FontChain).
 */
export async function embedStatementFonts(
  doc: PDFDocument,
  texts: Iterable<string>,
): Promise<StatementFonts> {
  doc.registerFontkit(fontkit);
  const text = [...texts].join(' ').normalize('NFC');
  const faces = facesFor(await allFaces(), text);
  const embed = async (weight: Weight): Promise<PDFFont[]> =>
    Promise.all(
      faces.map(async (face) =>
        doc.embedFont(await fontFile(face.file(weight)), { subset: true, features: PLAIN_LAYOUT }),
      ),
    );
  const [regular, bold] = await Promise.all([
    embed(STATEMENT_WEIGHTS.regular),
    embed(STATEMENT_WEIGHTS.bold),
  ]);
  return { regular: new FontChain(regular), bold: new FontChain(bold) };
}

/**
 * Whether the release keeps `file` (a path inside a package, '' for the
 * package itself): everything of other packages, and of the font packages
 * only the files statements print with, the Unicode ranges, the license and
 * the manifest. The rest (other weights, italics, formats) is tens of
 * megabytes.
 */
export function releaseKeepsFontFile(packageName: string, file: string): boolean {
  const family = STATEMENT_FONT_FAMILIES.find((entry) => entry.packageName === packageName);
  if (!family) return true;
  if (['', 'files', 'package.json', 'LICENSE', 'unicode.json'].includes(file)) return true;
  const weights = Object.values(STATEMENT_WEIGHTS).join('|');
  const subsets = family.subsets ? family.subsets.join('|') : '\\d+';
  const name = fontFileName(family, `(${subsets})`, `(${weights})`).replaceAll('.', '\\.');
  return new RegExp(`^${name}$`).test(file);
}
