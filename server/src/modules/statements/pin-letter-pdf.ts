import { PDFDocument, rgb } from 'pdf-lib';
import { defineCatalogue } from '@webpay/contracts/catalogue';
import { LOCALES, formatDateIn, type Language } from '@webpay/contracts/language';
import { drawRuns } from './font-chain.ts';
import { embedStatementFonts } from './statement-fonts.ts';

/*
 * The letter that brings a guarantor a new statement PIN, printed by the
 * billing office and posted. Same page and fonts as the statements, so any
 * name prints; in the guarantor's language.
 */

export interface PinLetterInput {
  providerName: string;
  portalName: string;
  guarantorName: string;
  accountNumber: string;
  pin: string;
  /** YYYY-MM-DD, the facility's day it was issued. */
  issuedOn: string;
  language: Language;
}

const PIN_LETTER_MESSAGES = defineCatalogue(
  {
    title: 'Your new statement PIN',
    greeting: (name: string) => `Dear ${name},`,
    body: [
      'The billing office has issued you a new PIN. It replaces any PIN you had before.',
      'To see your bills and pay online, sign in with your account number and this PIN.',
      'Keep this letter private: anyone with the PIN can see your bills.',
    ],
    account: 'Account number',
    pin: 'PIN',
    issued: 'Issued',
  },
  {
    title: 'Su nuevo PIN de estado de cuenta',
    greeting: (name: string) => `Estimado/a ${name}:`,
    body: [
      'La oficina de facturación le ha emitido un nuevo PIN. Reemplaza cualquier PIN anterior.',
      'Para ver sus facturas y pagar en línea, inicie sesión con su número de cuenta y este PIN.',
      'Guarde esta carta en privado: cualquier persona con el PIN puede ver sus facturas.',
    ],
    account: 'Número de cuenta',
    pin: 'PIN',
    issued: 'Emitido',
  },
);

const MARGIN = 72;
const PAGE = { width: 612, height: 792 };
const INK = rgb(0.1, 0.1, 0.1);

export async function renderPinLetterPdf(input: PinLetterInput): Promise<Uint8Array> {
  const words = PIN_LETTER_MESSAGES[input.language];
  const issued = formatDateIn(input.language, input.issuedOn);
  const lines: [string, number, 'regular' | 'bold'][] = [
    [input.providerName, 14, 'bold'],
    [input.portalName, 10, 'regular'],
    ['', 10, 'regular'],
    [words.title, 18, 'bold'],
    [`${words.issued}: ${issued}`, 10, 'regular'],
    ['', 10, 'regular'],
    [words.greeting(input.guarantorName), 11, 'regular'],
    ...words.body.map((line): [string, number, 'regular'] => [line, 11, 'regular']),
    ['', 10, 'regular'],
    [`${words.account}: ${input.accountNumber}`, 12, 'regular'],
    [`${words.pin}: ${input.pin}`, 22, 'bold'],
  ];
  const doc = await PDFDocument.create();
  const fonts = await embedStatementFonts(
    doc,
    lines.map(([text]) => text),
  );
  doc.setTitle(words.title);
  doc.setLanguage(LOCALES[input.language]);
  doc.setAuthor(input.providerName);
  doc.setCreator(input.portalName);
  doc.setProducer(input.portalName);
  const page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  for (const [text, size, weight] of lines) {
    y -= size * 1.6;
    if (text === '') continue;
    const chain = fonts[weight];
    drawRuns(page, chain, chain.printable(text), { x: MARGIN, y, size, color: INK });
  }
  return doc.save();
}
