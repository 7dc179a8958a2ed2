import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SPANISH_GLOSSARY, type GlossaryEntry } from '@webpay/contracts/spanish-glossary';

/*
 * The glossary is kept once, in contracts/src/spanish-glossary.ts, which the
 * catalogue tests check against; docs/spanish-glossary.md shows it to the
 * people who write Spanish. This keeps the two from drifting apart.
 */

const DOCUMENT = new URL('../../../docs/spanish-glossary.md', import.meta.url);

/** The rows of the document's table below its header, each as its cells. */
function tableRows(document: string): string[][] {
  return document
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .slice(1)
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

/** How an entry reads in the document's table. */
function rowOf(entry: GlossaryEntry): string[] {
  const rejected = entry.rejected.map((variant) => `\`${variant}\``).join(', ');
  return [entry.english, `**${entry.spanish}**`, rejected, entry.why];
}

describe('docs/spanish-glossary.md', () => {
  it('shows the glossary the tests check, entry for entry', () => {
    expect(tableRows(readFileSync(DOCUMENT, 'utf8'))).toEqual(SPANISH_GLOSSARY.map(rowOf));
  });

  it('reads a table the way the document writes it', () => {
    const table = [
      '| English | Spanish | Never | Why |',
      '| ------- | ------- | ----- | --- |',
      '| receipt | **recibo** | `comprobante`, `boleta` | One word. |',
    ].join('\n');
    expect(tableRows(table)).toEqual([
      ['receipt', '**recibo**', '`comprobante`, `boleta`', 'One word.'],
    ]);
  });
});
