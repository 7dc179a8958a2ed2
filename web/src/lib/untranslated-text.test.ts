import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * Decision 0013: every word a screen shows comes from a catalogue that has it
 * in English and Spanish. Words written straight into a component's JSX would
 * stay English on Spanish screens, so this test finds them: text between
 * tags, and the attributes a screen reader or a tooltip reads out.
 */

const SOURCE_ROOT = join(import.meta.dirname, '..');

/** Attributes whose value is read or shown to the guarantor. */
const READ_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'alt',
  'title',
  'placeholder',
  'label',
]);

const WORD = /\p{L}{2,}/u;

function componentFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    // Test helpers (`testing/`) render fixtures, not screens.
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : componentFiles(path);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [path] : [];
  });
}

function literalText(node: ts.Node | undefined): string | undefined {
  if (!node) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
  }
  if (ts.isJsxExpression(node)) return literalText(node.expression);
  return undefined;
}

export function untranslatedText(path: string, source: string): string[] {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${relative(SOURCE_ROOT, path)}:${line + 1}: ${text.trim()}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && WORD.test(node.text)) report(node, node.text);
    if (ts.isJsxExpression(node) && ts.isJsxElement(node.parent)) {
      const text = literalText(node.expression);
      if (text && WORD.test(text)) report(node, text);
    }
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText(file))) {
      const text = literalText(node.initializer);
      if (text && WORD.test(text)) report(node, `${node.name.getText(file)}="${text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('words on screens come from the catalogues (decision 0013)', () => {
  it('finds words written straight into JSX, and only those', () => {
    const sample = [
      'const a = <p>Pay now</p>;',
      'const b = <Button aria-label="Close">{label}</Button>;',
      "const c = <span>{'Total'}</span>;",
      'const d = <input placeholder={`Amount ${n}`} />;',
      'const e = <p className="text-sm">{t.total} {\' \'}$</p>;',
    ].join('\n');
    expect(untranslatedText(join(SOURCE_ROOT, 'sample.tsx'), sample)).toEqual([
      'sample.tsx:1: Pay now',
      'sample.tsx:2: aria-label="Close"',
      'sample.tsx:3: Total',
      'sample.tsx:4: placeholder="Amount  "',
    ]);
  });

  it('has no component with words of its own', () => {
    const found = componentFiles(SOURCE_ROOT).flatMap((path) =>
      untranslatedText(path, readFileSync(path, 'utf8')),
    );
    expect(found).toEqual([]);
  });
});
