import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import {
  decodeEncodedWords,
  decodeQuotedPrintable,
  parseContentType,
  parseMessage,
} from './mime.ts';

async function build(textEncoding?: 'base64' | 'quoted-printable') {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const info = (await transport.sendMail({
    from: '"Wasatch Valley Health" <billing@wasatchvalleyhealth.example>',
    to: 'maría@example.com',
    subject: 'Código para María — WebPay',
    text: `Hola María,\n\n    123456\n\n${'A long line that will be wrapped by the encoder. '.repeat(4)}\nhttps://pay.example.org/webpay/login/magic?abracadabra=abc_DEF-123&x=1\n`,
    html: '<p>Hola <b>María</b> &amp; familia</p>',
    ...(textEncoding ? { textEncoding } : {}),
  })) as { message: Buffer };
  return info.message.toString('utf8');
}

describe('MIME decoding', () => {
  it('decodes quoted-printable with soft line breaks and UTF-8 escapes', () => {
    expect(decodeQuotedPrintable('Mar=C3=ADa =\nGarc=C3=ADa=3D1')).toBe('María García=1');
  });

  it('decodes encoded words in headers, joining adjacent ones', () => {
    expect(decodeEncodedWords('=?UTF-8?Q?C=C3=B3digo_para?= =?UTF-8?B?TWFyw61h?=')).toBe(
      'Código paraMaría',
    );
    expect(decodeEncodedWords('plain subject')).toBe('plain subject');
  });

  it('reads content types with quoted parameters', () => {
    const { type, params } = parseContentType('Multipart/Alternative; boundary="--_NmP-1"');
    expect(type).toBe('multipart/alternative');
    expect(params.get('boundary')).toBe('--_NmP-1');
  });

  it.each([undefined, 'base64', 'quoted-printable'] as const)(
    'reads back what nodemailer wrote (%s)',
    async (encoding) => {
      const parsed = parseMessage(await build(encoding));
      expect(parsed.subject).toBe('Código para María — WebPay');
      expect(parsed.headers.get('to')).toBe('maría@example.com');
      expect(parsed.text).toContain('Hola María,');
      expect(parsed.text).toContain('\n    123456\n');
      expect(parsed.text).toContain(
        'https://pay.example.org/webpay/login/magic?abracadabra=abc_DEF-123&x=1',
      );
      expect(parsed.text).toContain('A long line that will be wrapped by the encoder. A long line');
      expect(parsed.html).toBe('<p>Hola <b>María</b> &amp; familia</p>');
    },
  );
});
