import {
  beginText,
  endText,
  popGraphicsState,
  pushGraphicsState,
  setFillingColor,
  setFontAndSize,
  setTextMatrix,
  showText,
  type Color,
  type PDFFont,
  type PDFHexString,
  type PDFName,
  type PDFPage,
} from 'pdf-lib';

/*
 * Text in several fonts at once. No single font file prints every name
 * (Latin, Vietnamese and CJK come from different files), so each character
 * is printed in the first font of the chain that has it, and a line is drawn
 * as one piece of text that changes font where it must: "Nguyễn" stays one
 * word to a reader, a screen reader and copy and paste.
 */

export interface TextRun {
  font: PDFFont;
  text: string;
}

export class FontChain {
  private readonly characterSets: readonly Set<number>[];
  private readonly fontOf = new Map<string, PDFFont | undefined>();
  /** Each character's advance at size 1: measuring is then a sum, not a layout of the whole text. */
  private readonly advances = new Map<string, number>();
  /** Encoding lays the text out with fontkit; a statement repeats its dates, amounts and names. */
  private readonly encodings = new Map<PDFFont, Map<string, PDFHexString>>();

  constructor(private readonly fonts: readonly PDFFont[]) {
    if (fonts.length === 0) throw new Error('a font chain needs at least one font');
    this.characterSets = fonts.map((font) => new Set(font.getCharacterSet()));
  }

  private fontFor(char: string): PDFFont | undefined {
    if (!this.fontOf.has(char)) {
      const codePoint = char.codePointAt(0) ?? 0;
      const index = this.characterSets.findIndex((set) => set.has(codePoint));
      this.fontOf.set(char, this.fonts[index]);
    }
    return this.fontOf.get(char);
  }

  /**
   * `text` on one line, as the chain can print it: white space folded, and a
   * character no font has replaced by its unaccented letter or by '?', so a
   * name from an unforeseen script never fails a download.
   */
  printable(text: string): string {
    let result = '';
    for (const char of text.normalize('NFC').replace(/\s+/g, ' ').trim()) {
      if (this.fontFor(char)) {
        result += char;
        continue;
      }
      const base = char.normalize('NFD').charAt(0);
      result += base !== char && this.fontFor(base) ? base : '?';
    }
    return result;
  }

  /** A printable text cut where its font changes. */
  runs(printable: string): TextRun[] {
    const runs: TextRun[] = [];
    for (const char of printable) {
      const font = this.fontFor(char) ?? (this.fonts[0] as PDFFont);
      const last = runs.at(-1);
      if (last?.font === font) last.text += char;
      else runs.push({ font, text: char });
    }
    return runs;
  }

  /** A run as its font's glyph codes. */
  encode(run: TextRun): PDFHexString {
    let encodings = this.encodings.get(run.font);
    if (!encodings) {
      encodings = new Map();
      this.encodings.set(run.font, encodings);
    }
    let encoded = encodings.get(run.text);
    if (!encoded) {
      encoded = run.font.encodeText(run.text);
      encodings.set(run.text, encoded);
    }
    return encoded;
  }

  /**
   * The sum of the characters' advances, which is the drawn width because
   * the fonts are embedded without ligatures and pdf-lib applies no kerning.
   */
  widthOfTextAtSize(printable: string, size: number): number {
    let width = 0;
    for (const char of printable) {
      let advance = this.advances.get(char);
      if (advance === undefined) {
        advance = (this.fontFor(char) ?? (this.fonts[0] as PDFFont)).widthOfTextAtSize(char, 1);
        this.advances.set(char, advance);
      }
      width += advance;
    }
    return width * size;
  }
}

const fontKeys = new WeakMap<PDFPage, Map<PDFFont, PDFName>>();

/** The name `page` knows `font` by, adding it to the page's resources once. */
function fontKey(page: PDFPage, font: PDFFont): PDFName {
  let keys = fontKeys.get(page);
  if (!keys) {
    keys = new Map();
    fontKeys.set(page, keys);
  }
  let key = keys.get(font);
  if (!key) {
    key = page.node.newFontDictionary(font.name, font.ref);
    keys.set(font, key);
  }
  return key;
}

/** Draws printable text with its baseline starting at (x, y), changing font inside one text object. */
export function drawRuns(
  page: PDFPage,
  chain: FontChain,
  printable: string,
  options: { x: number; y: number; size: number; color: Color },
): void {
  const shown = chain
    .runs(printable)
    .flatMap((run) => [
      setFontAndSize(fontKey(page, run.font), options.size),
      showText(chain.encode(run)),
    ]);
  page.pushOperators(
    pushGraphicsState(),
    beginText(),
    setFillingColor(options.color),
    setTextMatrix(1, 0, 0, 1, options.x, options.y),
    ...shown,
    endText(),
    popGraphicsState(),
  );
}
