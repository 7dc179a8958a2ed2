import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfText } from './pdf-text.ts';

/** A file with one object per stream: enough structure for pdfText, which needs no xref. */
function pdf(...streams: { content: string | Buffer; compress?: boolean; extra?: string }[]) {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n', 'latin1')];
  streams.forEach(({ content, compress = false, extra = '' }, index) => {
    const raw = typeof content === 'string' ? Buffer.from(content, 'latin1') : content;
    const data = compress ? deflateSync(raw) : raw;
    const filter = compress ? '/Filter /FlateDecode ' : '';
    parts.push(
      Buffer.from(
        `${index + 1} 0 obj\n<< ${filter}${extra}/Length ${data.length} >>\nstream\n`,
        'latin1',
      ),
      data,
      Buffer.from('\nendstream\nendobj\n', 'latin1'),
    );
  });
  parts.push(Buffer.from('%%EOF\n', 'latin1'));
  return new Uint8Array(Buffer.concat(parts));
}

describe('pdfText', () => {
  it('reads literal strings with their escapes, one line per text position', () => {
    const text = pdfText(
      pdf({
        content: [
          'BT /F1 12 Tf 1 0 0 1 40 700 Tm (Amount \\(due\\): $1,234.56) Tj ET',
          'BT 40 680 Td (Caf\\351 \\\\ na\\357ve \\(x\\)) Tj T* (second) Tj ET',
          '% a comment (not shown) Tj',
          "BT (quoted) ' ET",
        ].join('\n'),
      }),
    );
    expect(text.split('\n')).toEqual([
      'Amount (due): $1,234.56',
      'Café \\ naïve (x)',
      'second',
      'quoted',
    ]);
  });

  it('inflates FlateDecode streams and decodes hex strings from WinAnsi', () => {
    const hex = Buffer.from('Pay \x93now\x94 \x96 $50.00', 'latin1').toString('hex');
    const text = pdfText(pdf({ content: `BT 1 0 0 1 40 700 Tm <${hex}> Tj ET`, compress: true }));
    expect(text).toBe('Pay “now” – $50.00');
  });

  it('joins the pieces of a TJ array, reading a wide gap as a space', () => {
    const text = pdfText(pdf({ content: 'BT [(Pa) 20 (tient) -300 (Name)] TJ ET' }));
    expect(text).toBe('Patient Name');
  });

  it('skips object streams, cross-reference streams and strings outside text operators', () => {
    const text = pdfText(
      pdf(
        { content: '1 0 << /Title (Not page text) >>', compress: true, extra: '/Type /ObjStm ' },
        { content: 'BT (Page text) Tj ET', compress: true },
        { content: Buffer.from([0, 1, 2, 3]), extra: '/Type /XRef ' },
      ),
    );
    expect(text).toBe('Page text');
  });

  it('decodes embedded fonts through their ToUnicode CMaps, across a change of font', () => {
    const fonts = ['<< /ToUnicode 3 0 R >>', '<< /ToUnicode 4 0 R >>'];
    const header = `6 0 7 ${fonts[0]?.length ?? 0} `;
    const cmap = (body: string) =>
      `/CIDInit /ProcSet findresource begin 1 begincodespacerange <0000><ffff> endcodespacerange ${body} endcmap end`;
    const text = pdfText(
      pdf(
        {
          content: [
            'BT /F1-x 9 Tf 1 0 0 1 40 700 Tm <000100020003> Tj /F2-y 9 Tf <00010002> Tj ET',
            'BT /F1-x 9 Tf 1 0 0 1 40 680 Tm <000400050006> Tj ET',
          ].join('\n'),
          compress: true,
          extra: '/Resources << /Font << /F1-x 6 0 R /F2-y 7 0 R >> >> ',
        },
        {
          content: header + fonts.join(''),
          compress: true,
          extra: `/Type /ObjStm /N 2 /First ${header.length} `,
        },
        {
          // A letter with its mark as one glyph, a mark drawn on its own (none), a space, a range.
          content: cmap(
            '3 beginbfchar <0001> <005A> <0002> <006F00EB> <0006> <> endbfchar 1 beginbfrange <0003> <0005> <0020> endbfrange',
          ),
          compress: true,
        },
        { content: cmap('2 beginbfchar <0001> <4E2D> <0002> <6587> endbfchar') },
      ),
    );
    expect(text.split('\n')).toEqual(['Zoë 中文', '!"']);
  });
});
