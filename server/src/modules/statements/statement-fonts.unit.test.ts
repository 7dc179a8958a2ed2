import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { embedStatementFonts, parseUnicodeRange, releaseKeepsFontFile } from './statement-fonts.ts';
import { woffToSfnt } from './woff-to-sfnt.ts';

const require = createRequire(import.meta.url);

describe('the statement fonts (decision 0017)', () => {
  const names = [
    'José Núñez',
    'Zoë',
    'Nguyễn Thị Minh',
    "O'Brien-Smith O’Brien",
    '陈 中文 李 王',
    'Łucja Kőrösi Þórunn',
    'Δήμητρα Ольга',
    'さくら',
    '¿¡ñüáéíóú! · – $1,234.56',
  ];

  it('print every letter of names in every script, in both weights', async () => {
    const fonts = await embedStatementFonts(await PDFDocument.create(), names);
    for (const name of names) {
      expect(fonts.regular.printable(name), name).toBe(name);
      expect(fonts.bold.printable(name), name).toBe(name);
    }
  });

  it('cut a line where its font changes, and measure it as the fonts draw it', async () => {
    const fonts = await embedStatementFonts(await PDFDocument.create(), ['Zoë 中文 陈']);
    // 中 and 文 come from two of the CJK files, 陈 from a third.
    const runs = fonts.bold.runs('Zoë 中文 陈');
    expect(runs.map((run) => run.text)).toEqual(['Zoë ', '中', '文', ' ', '陈']);
    const drawn = runs.reduce((width, run) => width + run.font.widthOfTextAtSize(run.text, 11), 0);
    expect(fonts.bold.widthOfTextAtSize('Zoë 中文 陈', 11)).toBeCloseTo(drawn, 6);
  });

  it('reads the Unicode ranges of the packages', () => {
    expect(parseUnicodeRange('U+0000-00FF,U+0131, U+1EA0-1EF9')).toEqual([
      [0x0000, 0x00ff],
      [0x0131, 0x0131],
      [0x1ea0, 0x1ef9],
    ]);
  });
});

describe('releaseKeepsFontFile', () => {
  it('keeps the files statements print with, the ranges and the license', () => {
    const keeps = (file: string) => releaseKeepsFontFile('@fontsource/noto-sans', file);
    for (const file of [
      '',
      'files',
      'LICENSE',
      'package.json',
      'unicode.json',
      'files/noto-sans-latin-400-normal.woff',
      'files/noto-sans-vietnamese-700-normal.woff',
    ]) {
      expect(keeps(file), file).toBe(true);
    }
    for (const file of [
      'files/noto-sans-latin-400-normal.woff2',
      'files/noto-sans-latin-400-italic.woff',
      'files/noto-sans-latin-300-normal.woff',
      'files/noto-sans-devanagari-400-normal.woff',
      'latin-400.css',
      'scss/mixins.scss',
    ]) {
      expect(keeps(file), file).toBe(false);
    }
    const sc = (file: string) => releaseKeepsFontFile('@fontsource/noto-sans-sc', file);
    expect(sc('files/noto-sans-sc-114-700-normal.woff')).toBe(true);
    expect(sc('files/noto-sans-sc-latin-400-normal.woff')).toBe(false);
    expect(releaseKeepsFontFile('pdf-lib', 'cjs/index.js')).toBe(true);
  });
});

describe('woffToSfnt', () => {
  it('unpacks a WOFF file into the same font', async () => {
    const woff = await readFile(
      require.resolve('@fontsource/noto-sans/files/noto-sans-vietnamese-700-normal.woff'),
    );
    const packed = fontkit.create(woff);
    const unpacked = fontkit.create(Buffer.from(woffToSfnt(woff)));
    expect(unpacked.numGlyphs).toBe(packed.numGlyphs);
    expect(unpacked.characterSet).toEqual(packed.characterSet);
    expect(unpacked.glyphForCodePoint(0x1ec5).advanceWidth).toBe(
      packed.glyphForCodePoint(0x1ec5).advanceWidth,
    );
    expect(() => woffToSfnt(new Uint8Array(64))).toThrow('not a WOFF 1.0 font');
  });
});
