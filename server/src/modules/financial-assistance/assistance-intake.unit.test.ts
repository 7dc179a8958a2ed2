import { constants, inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { PDF_LIB_METADATA, pdfLibPdfWithMetadata } from '../../../test/support/sample-documents.ts';
import { SealedDocumentIntake } from './assistance-intake.ts';
import type { TakenDocument } from './document-intake.ts';
import { documentKeyring } from './documents/index.ts';

const SECRET = 'a-server-secret-of-at-least-thirty-two-characters';
const DOCUMENT_ID = '0b6f2a34-51c9-4f7e-8d0a-2c3e4f5a6b7c';
const intake = new SealedDocumentIntake(documentKeyring(undefined, SECRET), SECRET);

/** The file as stored, opened again; fails the test when it was refused. */
function taken(bytes: Buffer): Buffer {
  const result = intake.take(DOCUMENT_ID, bytes, 'application/pdf');
  expect(result).not.toHaveProperty('refused');
  const { sealed, keyId } = result as TakenDocument;
  return intake.open(DOCUMENT_ID, sealed, keyId);
}

function objectStreamSpan(pdf: Buffer): { start: number; end: number } {
  const start = pdf.indexOf('stream\n', pdf.indexOf('/Type /ObjStm')) + 'stream\n'.length;
  return { start, end: pdf.indexOf('\nendstream', start) };
}

const authorHex = Buffer.from(PDF_LIB_METADATA.author, 'utf16le').swap16().toString('hex');

describe('taking a PDF whose information dictionary is in an object stream', () => {
  let written: Buffer;

  beforeAll(async () => {
    written = await pdfLibPdfWithMetadata();
  });

  it('stores it without its author, still opening with its pages', async () => {
    const stored = taken(written);
    expect(stored.length).toBe(written.length);
    const opened = await PDFDocument.load(stored, { updateMetadata: false });
    expect(opened.getPageCount()).toBe(2);
    expect(opened.getAuthor()).toBe('');
    expect(opened.getProducer()).toBe('');
  });

  it('stores one whose object stream is damaged at its end, blanked as far as it reads', () => {
    const { start, end } = objectStreamSpan(written);
    // The information dictionary lies in the first two thirds of the stream pdf-lib writes.
    const damaged = Buffer.from(written).fill(0xaa, end - Math.floor((end - start) / 10), end);
    const stored = taken(damaged);
    expect(stored.length).toBe(damaged.length);
    const data = stored.subarray(start, end);
    const text = inflateSync(data, { finishFlush: constants.Z_SYNC_FLUSH }).toString('latin1');
    expect(text).toContain('/Author <>');
    expect(text.toLowerCase()).not.toContain(authorHex);
  });

  // With its cross-reference stream cut away, nothing names the information dictionary any more.
  it('stores one cut off in the middle of its object stream rather than refusing it', () => {
    const { start, end } = objectStreamSpan(written);
    const cut = Buffer.concat([
      written.subarray(0, Math.floor((start + end) / 2)),
      Buffer.from('\n%%EOF\n'),
    ]);
    expect(taken(cut).length).toBe(cut.length);
  });
});
