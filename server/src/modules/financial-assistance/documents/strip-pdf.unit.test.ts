import { constants, deflateRawSync, deflateSync, inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PAGE_OBJECTS,
  PDF_LIB_METADATA,
  SAMPLE_MAKE,
  SAMPLE_PLACE,
  buildPdf,
  pdfLibPdfWithMetadata,
  pdfStream,
} from '../../../../test/support/sample-documents.ts';
import { sniffDocument } from './document-type.ts';
import { stripPdf } from './strip-pdf.ts';

/** Where the object stream's data lies in a file that has one. */
function objectStreamSpan(pdf: Buffer): { start: number; end: number } {
  const dictionary = pdf.indexOf('/Type /ObjStm');
  const start = pdf.indexOf('stream\n', dictionary) + 'stream\n'.length;
  return { start, end: pdf.indexOf('\nendstream', start) };
}

/** The object stream's data inflated as far as it goes, as a forgiving reader would. */
function objectStreamText(pdf: Buffer): string {
  const { start, end } = objectStreamSpan(pdf);
  const inflated = inflateSync(pdf.subarray(start, end), { finishFlush: constants.Z_SYNC_FLUSH });
  return inflated.toString('latin1');
}

/** How pdf-lib writes text that is not plain ASCII-safe: UTF-16BE in a hex string. */
const utf16Hex = (text: string) =>
  Buffer.from(text, 'utf16le').swap16().toString('hex').toUpperCase();

const METADATA_VALUES = Object.values(PDF_LIB_METADATA);

function tracesIn(text: string): string[] {
  return [...METADATA_VALUES, 'D:20'].filter(
    (value) => text.includes(value) || text.includes(utf16Hex(value)),
  );
}

describe('stripping a PDF whose information dictionary is in a compressed object stream', () => {
  let written: Buffer;
  let stripped: Buffer;

  beforeAll(async () => {
    written = await pdfLibPdfWithMetadata();
    stripped = stripPdf(written);
  });

  it('blanks its author, creator, producer, title, subject and dates', () => {
    expect(written.includes('/Type /XRef')).toBe(true);
    expect(tracesIn(objectStreamText(written))).toEqual([...METADATA_VALUES, 'D:20']);
    const text = objectStreamText(stripped);
    expect(tracesIn(text)).toEqual([]);
    expect(text).toMatch(/\/Author <> +\n/);
    expect(text).toMatch(/\/CreationDate \(\) +\n/);
  });

  it('keeps the file, every other object and every offset in the stream as they were', () => {
    expect(stripped.length).toBe(written.length);
    const { start, end } = objectStreamSpan(written);
    expect(stripped.subarray(0, start)).toEqual(written.subarray(0, start));
    expect(stripped.subarray(end)).toEqual(written.subarray(end));
    const before = objectStreamText(written);
    const after = objectStreamText(stripped);
    const info = {
      start: before.indexOf('<<\n/Producer'),
      end: before.indexOf('>>', before.indexOf('/Keywords')),
    };
    expect(after.slice(0, info.start)).toBe(before.slice(0, info.start));
    expect(after.slice(info.end, before.length)).toBe(before.slice(info.end));
    expect(after.slice(before.length).trim()).toBe('');
  });

  it('still opens in a PDF reader, with its pages and an empty information dictionary', async () => {
    const original = await PDFDocument.load(written, { updateMetadata: false });
    expect(original.getAuthor()).toBe(PDF_LIB_METADATA.author);
    const opened = await PDFDocument.load(stripped, { updateMetadata: false });
    expect(opened.getPageCount()).toBe(original.getPageCount());
    expect(opened.getPageCount()).toBe(2);
    expect(opened.getAuthor()).toBe('');
    expect(opened.getCreator()).toBe('');
    expect(opened.getProducer()).toBe('');
    expect(opened.getTitle()).toBe('');
    expect(sniffDocument(stripped)).toEqual({ contentType: 'application/pdf' });
  });

  it('blanks as much of a damaged object stream as inflates', () => {
    const { start, end } = objectStreamSpan(written);
    const wholeAuthor = `/Author <FEFF${utf16Hex(PDF_LIB_METADATA.author)}>`;
    const cutAt = (at: number) => Buffer.concat([written.subarray(0, at), written.subarray(end)]);
    // The shortest start of the data that inflates past the author; everything after it is garbage.
    let intact = start + 2;
    while (!objectStreamText(cutAt(intact)).includes(wholeAuthor)) intact += 1;
    expect(intact).toBeLessThan(end);
    const damaged = Buffer.from(written).fill(0xaa, intact, end);
    const result = stripPdf(damaged);
    expect(result.length).toBe(damaged.length);
    const text = objectStreamText(result);
    expect(text).toContain('/Author <>');
    const { author, producer, creator } = PDF_LIB_METADATA;
    for (const value of [author, producer, creator]) {
      expect(text).not.toContain(utf16Hex(value));
    }
  });
});

/** One object stream, object 5, holding the information dictionary as object 4. */
function pdfWithInfoInObjectStream(info: string, encode: (content: Buffer) => Buffer | null) {
  const header = '4 0\n';
  const content = Buffer.from(`${header}${info}\n`, 'latin1');
  const data = encode(content);
  const filter = data ? ' /Filter /FlateDecode' : '';
  return buildPdf([
    {
      objects: [
        ...PAGE_OBJECTS,
        [5, pdfStream(`/Type /ObjStm /N 1 /First ${header.length}${filter}`, data ?? content)],
      ],
      trailer: '/Info 4 0 R',
    },
  ]);
}

describe('object streams written by other programs', () => {
  const LONG_INFO = `<< /Author (${SAMPLE_MAKE} clerk) /Title (${SAMPLE_PLACE}) >>`;

  it('blanks an uncompressed object stream where it stands', () => {
    const pdf = pdfWithInfoInObjectStream(LONG_INFO, () => null);
    const result = stripPdf(pdf);
    expect(result.length).toBe(pdf.length);
    expect(result.includes(SAMPLE_MAKE) || result.includes(SAMPLE_PLACE)).toBe(false);
    expect(result.includes('<< /Author ()')).toBe(true);
  });

  it('blanks a stream compressed at zlib’s best', () => {
    const pdf = pdfWithInfoInObjectStream(LONG_INFO, (content) =>
      deflateSync(content, { level: 9 }),
    );
    const text = objectStreamText(stripPdf(pdf));
    expect(text).not.toContain(SAMPLE_MAKE);
    expect(text).toContain('<< /Author ()');
  });

  it('leaves as sent a stream whose blanked data no longer fits its bytes', () => {
    // One letter blanked saves less than the padding costs.
    const pdf = pdfWithInfoInObjectStream('<< /Author (A) >>', (content) =>
      deflateSync(content, { level: 9 }),
    );
    expect(stripPdf(pdf)).toEqual(pdf);
  });

  it('reads a stream up to the damage that stops zlib, and blanks what it read', () => {
    const readable = deflateRawSync(Buffer.from(`4 0\n${LONG_INFO}\n`, 'latin1'), {
      finishFlush: constants.Z_SYNC_FLUSH,
    });
    // A block of the reserved type 3: zlib refuses to go on.
    const broken = Buffer.concat([
      Buffer.from([0x78, 0xda]),
      readable,
      Buffer.from([0x07, 0x55, 0x55]),
    ]);
    expect(() => inflateSync(broken, { finishFlush: constants.Z_SYNC_FLUSH })).toThrow();
    const pdf = pdfWithInfoInObjectStream(LONG_INFO, () => broken);
    const result = stripPdf(pdf);
    expect(result.length).toBe(pdf.length);
    const text = objectStreamText(result);
    expect(text).toContain('<< /Author ()');
    expect(text).not.toContain(SAMPLE_MAKE);
  });

  it('never throws on an object stream that is not one', () => {
    for (const [dictionary, data] of [
      ['/N 1 /First 4 /Filter /FlateDecode', Buffer.from('not zlib at all')],
      ['/N 9 /First 999', Buffer.from(`4 0\n${LONG_INFO}`)],
      ['/N 1 /First 4', Buffer.from('4 x\n<< /Author (a) >>')],
      ['/N 1 /First 4 /Filter /LZWDecode', Buffer.from(`4 0\n${LONG_INFO}`)],
      ['/N 1 /First 4 /Filter /FlateDecode', deflateSync(`4 0\n<< /Author (${SAMPLE_MAKE}`)],
    ] as const) {
      const pdf = buildPdf([
        {
          objects: [...PAGE_OBJECTS, [5, pdfStream(`/Type /ObjStm ${dictionary}`, data)]],
          trailer: '/Info 4 0 R',
        },
      ]);
      expect(stripPdf(pdf).length).toBe(pdf.length);
    }
  });
});
