import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Code and documents cite the requirements as "SPEC §5" or "SPEC §4 Payment
 * mode", and link to their headings. A citation that points nowhere sends the
 * reader looking for a rule that is not there, so every one must resolve in
 * the copy of SPEC.md beside this file.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCANNED = ['contracts', 'server', 'web', 'e2e', 'bench', 'docs'];
const ROOT_FILES = ['README.md', 'CHANGELOG.md', 'CONTRIBUTING.md'];
// Installed packages and what builds, tests and benchmarks write.
const SKIPPED = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', 'results']);
const TEXT_FILE = /\.(?:ts|tsx|js|mjs|cjs|md|css|html|json|sh)$/;

// "SPEC §2", or a further section joined to one ("SPEC §4/§8", "SPEC §2 and
// §6"), with the title that may follow it: capitalised words up to a mark.
const CITATION =
  /(?<=(SPEC(?:\.md)?\s+|(?:[,/&]|\band|\bor)\s*))\u00a7(\d+)(?:[ \t]+([A-Z][^:;,.()'"`/\u2013\u2014\u00a7\n]*))?/g;
const LINK = /\b(SPEC|PRODUCT)\.md#([\w-]+)/g;

type Sections = Map<string, string[]>;

/** The titles a citation may name: headings, bold labels and list-item labels. */
function readSections(spec: string): Sections {
  const sections: Sections = new Map();
  let titles: string[] | undefined;
  for (const line of spec.split('\n')) {
    const numbered = /^## (\d+)\. (.+)$/.exec(line);
    if (numbered?.[1] && numbered[2]) {
      titles = [numbered[2]];
      sections.set(numbered[1], titles);
      continue;
    }
    if (!titles) continue;
    const heading = /^#{3,} (.+)$/.exec(line)?.[1];
    const listLabel = /^\s*- ([^:*.;,]{1,40}):/.exec(line)?.[1];
    const bold = [...line.matchAll(/\*\*([^*]+)\*\*/g)].map((match) => match[1] ?? '');
    titles.push(...[heading, listLabel, ...bold].filter((title) => title !== undefined));
  }
  for (const [number, titles] of sections) sections.set(number, titles.map(normalise));
  return sections;
}

/** "Dashboard (/dashboard)" and "Receipt." are cited as "Dashboard" and "Receipt". */
function normalise(title: string): string {
  return title
    .replace(/\s*\([^)]*\)/g, '')
    .replace(/\s+(?:and|or)\b.*$/, '')
    .replace(/[\s.:]+$/, '')
    .toLowerCase();
}

/** A citation may shorten a title or run on past it, but only at a word's end. */
function startsWithWord(text: string, start: string): boolean {
  return text.startsWith(start) && !/[a-z0-9-]/.test(text.charAt(start.length));
}

function citationProblems(line: string, where: string, sections: Sections): string[] {
  const problems: string[] = [];
  let cited = false;
  for (const [, lead = '', number = '', title] of line.matchAll(CITATION)) {
    // A joined section counts only after a "SPEC §" on the same line.
    cited ||= lead.startsWith('SPEC');
    if (!cited) continue;
    const titles = sections.get(number);
    if (!titles) {
      problems.push(`${where}: \u00a7${number} is not a numbered section of SPEC.md`);
      continue;
    }
    const claimed = title === undefined ? '' : normalise(title);
    const found = titles.some((t) => startsWithWord(claimed, t) || startsWithWord(t, claimed));
    if (claimed && !found) {
      problems.push(`${where}: "${title?.trim()}" is not a heading of SPEC \u00a7${number}`);
    }
  }
  return problems;
}

function linkProblems(line: string, where: string, anchors: Map<string, Set<string>>): string[] {
  return [...line.matchAll(LINK)]
    .filter(([, document = '', anchor = '']) => !anchors.get(document)?.has(anchor))
    .map(([link]) => `${where}: ${link} names no heading`);
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorsOf(markdown: string): Set<string> {
  const headings = markdown.match(/^#+ .+$/gm) ?? [];
  return new Set(
    headings.map((heading) =>
      heading
        .replace(/^#+ /, '')
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-'),
    ),
  );
}

function textFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : textFiles(path);
    return TEXT_FILE.test(entry.name) ? [path] : [];
  });
}

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const spec = read('docs/spec/SPEC.md');
const sections = readSections(spec);
const anchors = new Map([
  ['SPEC', anchorsOf(spec)],
  ['PRODUCT', anchorsOf(read('docs/spec/PRODUCT.md'))],
]);
const files = [
  ...SCANNED.flatMap(textFiles),
  ...ROOT_FILES.filter((name) => readdirSync(ROOT).includes(name)),
];

/** Runs a check on every line of every scanned file, as "file:line". */
function everyLine(check: (line: string, where: string) => string[]): string[] {
  return files.flatMap((file) =>
    read(file)
      .split('\n')
      .flatMap((line, index) => check(line, `${file}:${index + 1}`)),
  );
}

describe('SPEC references (docs/spec)', () => {
  it('finds the nine numbered sections and their subsection headings', () => {
    expect([...sections.keys()]).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(sections.get('4')).toEqual(expect.arrayContaining(['payment mode', 'plan display']));
  });

  it('reads the code and documents that cite SPEC', () => {
    expect(files).toEqual(expect.arrayContaining(['contracts/src/payments.ts', 'README.md']));
    expect(files.some((file) => file.includes('node_modules'))).toBe(false);
  });

  it('names the line of a section or title that is not in SPEC.md', () => {
    const cite = (rest: string) => `SPEC \u00a7${rest}`;
    expect(citationProblems(cite('4 Payment mode: fine'), 'a.ts:1', sections)).toEqual([]);
    expect(citationProblems(cite('10'), 'a.ts:2', sections)).toEqual([
      'a.ts:2: \u00a710 is not a numbered section of SPEC.md',
    ]);
    expect(citationProblems(cite('2 and \u00a74 Payment mood'), 'a.ts:3', sections)).toEqual([
      'a.ts:3: "Payment mood" is not a heading of SPEC \u00a74',
    ]);
  });

  it('names the line of a link to a heading that is not there', () => {
    // Put together, so that this file holds no such link itself.
    const target = (anchor: string) => `${['SPEC', 'md'].join('.')}#${anchor}`;
    expect(linkProblems(`[x](${target('5-validation-rules')})`, 'a.md:1', anchors)).toEqual([]);
    expect(linkProblems(`[x](${target('5-validation')})`, 'a.md:2', anchors)).toEqual([
      `a.md:2: ${target('5-validation')} names no heading`,
    ]);
  });

  it('resolves every SPEC \u00a7 citation in the code and documents', () => {
    expect(everyLine((line, where) => citationProblems(line, where, sections))).toEqual([]);
  });

  it('resolves every link to a heading of SPEC.md or PRODUCT.md', () => {
    expect(everyLine((line, where) => linkProblems(line, where, anchors))).toEqual([]);
  });
});
