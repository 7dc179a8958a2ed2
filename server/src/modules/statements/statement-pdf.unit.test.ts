import { PDFDocument } from 'pdf-lib';
import type { StatementReconciliation } from '@webpay/contracts/statement-reconciliation';
import { describe, expect, it } from 'vitest';
import type { StatementItem } from '../../db/schema.ts';
import { pdfText } from '../../../test/support/pdf-text.ts';
import { embedStatementFonts } from './statement-fonts.ts';
import { renderStatementPdf, wrapText, type StatementPdfInput } from './statement-pdf.ts';
import { squareReconciliation } from '../../../test/support/statement-pdf.ts';
import { statementTotals } from './statements.service.ts';

const PROVIDER = {
  name: 'Wasatch Valley Health',
  portalName: 'WebPay',
  supportPhone: '(801) 555-0142',
  supportEmail: 'billing@wasatchvalleyhealth.example',
};

function item(overrides: Partial<StatementItem> = {}): StatementItem {
  return {
    facilityId: '107',
    accountNumber: '40010001',
    patientName: 'Maria Garcia',
    description: 'Outpatient surgery',
    serviceDate: '2026-06-02',
    chargesCents: 150_000,
    paymentsCents: 20_000,
    adjustmentsCents: 5_000,
    balanceCents: 125_000,
    ...overrides,
  };
}

const ASSISTANCE = {
  phone: '(801) 555-0142',
  webAddress: 'https://pay.wasatchvalleyhealth.example/webpay/financial-assistance',
};

function statement(items: StatementItem[], overrides: Partial<StatementPdfInput> = {}) {
  const totals = statementTotals(items);
  return {
    provider: PROVIDER,
    assistance: ASSISTANCE,
    guarantorName: 'Maria Garcia',
    accountNumber: '100200300',
    statementDate: '2026-11-01',
    dueDate: '2026-11-25',
    status: 'open',
    amountDueCents: totals.balanceCents,
    items,
    totals,
    reconciliation: squareReconciliation(totals.balanceCents),
    ...overrides,
  } satisfies StatementPdfInput;
}

async function pageCount(bytes: Uint8Array): Promise<number> {
  return (await PDFDocument.load(bytes)).getPageCount();
}

const occurrences = (text: string, line: string) =>
  text.split('\n').filter((candidate) => candidate === line).length;

describe('renderStatementPdf', () => {
  it('prints the header, the guarantor, every line and the totals on one page', async () => {
    const bytes = await renderStatementPdf(
      statement([
        item(),
        item({
          accountNumber: '40010002',
          patientName: 'Daniel Garcia',
          description: 'Emergency room visit',
          serviceDate: '2026-08-15',
          chargesCents: 41_045,
          paymentsCents: 4_000,
          adjustmentsCents: 6_000,
          balanceCents: 31_045,
        }),
      ]),
    );

    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(await pageCount(bytes)).toBe(1);
    const lines = pdfText(bytes).split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Wasatch Valley Health',
        'WebPay',
        'Questions? Call (801) 555-0142',
        'or e-mail billing@wasatchvalleyhealth.example',
        'Maria Garcia',
        '100200300',
        'Nov 1, 2026',
        'Nov 25, 2026',
        'Open',
        '$1,560.45',
        'Please pay by Nov 25, 2026',
        // The lines, each cell in turn.
        'Jun 2, 2026',
        '107-40010001',
        'Outpatient surgery',
        '$1,500.00',
        '$200.00',
        '$50.00',
        '$1,250.00',
        'Aug 15, 2026',
        '107-40010002',
        'Daniel Garcia',
        'Emergency room visit',
        '$410.45',
        '$40.00',
        '$60.00',
        '$310.45',
        // The totals: each column summed.
        'Totals',
        '$1,910.45',
        '$240.00',
        '$110.00',
        'Amount due by Nov 25, 2026: $1,560.45',
        'Page 1 of 1',
      ]),
    );
    for (const title of ['Service date', 'Account', 'Patient', 'Description', 'Charges']) {
      expect(occurrences(lines.join('\n'), title), title).toBe(1);
    }
  });

  it('carries a long statement over pages, repeating the table header and numbering them', async () => {
    const items = Array.from({ length: 130 }, (_, index) =>
      item({
        accountNumber: String(40_020_000 + index),
        balanceCents: 1_000 + index,
        chargesCents: 1_000 + index,
        paymentsCents: 0,
        adjustmentsCents: 0,
        // Some lines need two or three rows of text.
        description:
          index % 9 === 0 ? 'Inpatient stay with surgery, imaging and physical therapy' : 'Visit',
      }),
    );
    const input = statement(items);
    const bytes = await renderStatementPdf(input);
    const pages = await pageCount(bytes);
    expect(pages).toBeGreaterThanOrEqual(3);

    const text = pdfText(bytes);
    expect(occurrences(text, 'Service date')).toBe(pages);
    expect(occurrences(text, 'Statement of Nov 1, 2026, account 100200300 (continued)')).toBe(
      pages - 1,
    );
    for (let page = 1; page <= pages; page += 1) {
      expect(occurrences(text, `Page ${page} of ${pages}`)).toBe(1);
    }
    for (const line of items) {
      expect(occurrences(text, `107-${line.accountNumber}`), line.accountNumber).toBe(1);
    }
    // 130 × $10.00 plus 0 + 1 + … + 129 cents.
    expect(input.amountDueCents).toBe(138_385);
    expect(occurrences(text, 'Amount due by Nov 25, 2026: $1,383.85')).toBe(1);
    // The totals close the table on the last page.
    expect(text.indexOf('Totals')).toBeGreaterThan(text.indexOf(`Page ${pages - 1} of`));
  });

  describe('comparison with the dashboard (decision 0010)', () => {
    // Maria's latest statement: $2,120.00 of it in her two plans, $305.00 due on them now.
    const maria = (overrides: Partial<StatementReconciliation> = {}) =>
      statement([item()], {
        amountDueCents: 368_045,
        reconciliation: squareReconciliation(368_045, {
          inPaymentPlans: 2120,
          planPaymentsDue: 305,
          dueNow: 1865.45,
          ...overrides,
        }),
      });

    it('runs from the amount due to what the dashboard asks for, below the totals', async () => {
      const lines = pdfText(await renderStatementPdf(maria({ paymentsInProcess: 50 }))).split('\n');
      const comparison = lines.slice(
        lines.indexOf('How this statement compares with your dashboard'),
      );
      expect(lines.indexOf('Totals')).toBeLessThan(lines.length - comparison.length);
      expect(comparison.slice(0, 10)).toEqual([
        'How this statement compares with your dashboard',
        'This statement shows your balances on Nov 1, 2026. Your dashboard shows what is due today, Nov 25, 2026.',
        'Amount due on this statement',
        '$3,680.45',
        "In payment plans, paid through the plans' monthly payments",
        '-$2,120.00',
        'Plan payments due now, overdue amounts included',
        '+$305.00',
        'Due now on your dashboard (Hospitals & Clinics)',
        '$1,865.45',
      ]);
      expect(comparison.join(' ')).toContain(
        'We have received $50.00 in payments made after Nov 1, 2026. That amount is being processed and is not yet subtracted from the amounts above.',
      );
    });

    it('names the changes since the statement when there are any, and no payments in process when none', async () => {
      const text = pdfText(await renderStatementPdf(maria({ otherChanges: -25, dueNow: 1840.45 })));
      const lines = text.split('\n');
      const changes = lines.indexOf(
        'Changes since the statement: new charges, adjustments and payments applied',
      );
      expect(lines.slice(changes, changes + 4)).toEqual([
        'Changes since the statement: new charges, adjustments and payments applied',
        '-$25.00',
        'Due now on your dashboard (Hospitals & Clinics)',
        '$1,840.45',
      ]);
      expect(text).not.toContain('We have received');
    });

    it('moves whole to a page of its own, without the table header, when it does not fit', async () => {
      // 22 lines leave room for the totals on the first page, not for the comparison too.
      const items = Array.from({ length: 22 }, (_, index) =>
        item({ accountNumber: String(40_030_000 + index) }),
      );
      const bytes = await renderStatementPdf(statement(items));
      expect(await pageCount(bytes)).toBe(2);
      const text = pdfText(bytes);
      const heading = text.indexOf('How this statement compares with your dashboard');
      expect(text.indexOf('Totals')).toBeLessThan(text.indexOf('Page 1 of 2'));
      expect(heading).toBeGreaterThan(text.indexOf('Page 1 of 2'));
      expect(occurrences(text, 'Service date')).toBe(1);
      expect(occurrences(text, 'Statement of Nov 1, 2026, account 100200300 (continued)')).toBe(1);
      expect(text.indexOf('Due now on your dashboard (Hospitals & Clinics)')).toBeGreaterThan(
        heading,
      );
    });

    it('leaves out the plan lines for a guarantor without plans', async () => {
      const text = pdfText(await renderStatementPdf(statement([item()])));
      expect(text).toContain('Due now on your dashboard (Hospitals & Clinics)');
      expect(text).not.toContain('In payment plans');
      expect(text).not.toContain('Plan payments due now');
    });
  });

  it('tells where the financial assistance policy is and whom to call, after the figures (section 501(r))', async () => {
    const text = pdfText(await renderStatementPdf(statement([item()])));
    expect(text).toContain('Need help paying? Financial assistance');
    const notice = text.slice(text.indexOf('Need help paying?')).replace(/\s+/g, ' ');
    expect(notice).toContain(ASSISTANCE.webAddress);
    expect(notice).toContain(`call ${ASSISTANCE.phone} for a free paper copy`);
    expect(text.indexOf('Need help paying?')).toBeGreaterThan(text.indexOf('Amount due'));
  });

  it('says when a statement has no lines', async () => {
    const bytes = await renderStatementPdf(statement([], { status: 'paid' }));
    const lines = pdfText(bytes).split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'No activity in this statement period.',
        'Paid',
        'Amount due by Nov 25, 2026: $0.00',
      ]),
    );
  });

  it.each(['Zoë 中文', 'Nguyễn Thị Minh'])(
    'prints %s as stored, and stays small',
    async (guarantorName) => {
      const plain = await renderStatementPdf(statement([item()]));
      const bytes = await renderStatementPdf(
        statement(
          [
            item({ patientName: '陈' }),
            item({ patientName: "O'Brien-Smith", description: 'José Núñez, Đặng' }),
          ],
          { guarantorName },
        ),
      );
      const lines = pdfText(bytes).split('\n');
      expect(lines).toEqual(
        expect.arrayContaining([guarantorName, '陈', "O'Brien-Smith", 'José Núñez, Đặng']),
      );
      // Nothing printed as a stand-in: '?' only where the words ask a question.
      const questions = /Questions\?|Need help paying\?/g;
      const standIns = lines.filter((line) => /[?\uFFFD]/.test(line.replace(questions, '')));
      expect(standIns).toEqual([]);
      // Only the glyphs used are embedded: a few kilobytes for each font file.
      expect(plain.length).toBeLessThan(40_000);
      expect(bytes.length).toBeLessThan(80_000);
    },
  );

  it('prints a letter no font has as its unaccented letter or "?", without failing', async () => {
    const bytes = await renderStatementPdf(
      statement([item({ patientName: 'Ṩara אבי' })], { guarantorName: 'Łucja 𝔄' }),
    );
    const lines = pdfText(bytes).split('\n');
    expect(lines).toContain('Łucja ?');
    expect(lines).toContain('Ṩara ???');
  });

  it('prints the provider given, not a built-in one', async () => {
    const bytes = await renderStatementPdf(
      statement([item()], {
        provider: {
          ...PROVIDER,
          name: 'Canyon Ridge Medical Center',
          supportPhone: '(435) 555-0199',
        },
      }),
    );
    const text = pdfText(bytes);
    expect(text).toContain('Canyon Ridge Medical Center');
    expect(text).toContain('Questions? Call (435) 555-0199');
    expect(text).not.toContain('Wasatch');
  });
});

describe('wrapText', () => {
  it('breaks at spaces, and inside a word only when the word alone is too wide', async () => {
    const doc = await PDFDocument.create();
    const long = 'Inpatient stay with Supercalifragilisticexpialidocious';
    const symbols = '陳🈚🈚🈚🈚🈚🈚🈚🈚';
    const font = (await embedStatementFonts(doc, [long, symbols])).regular;
    const width = 60;
    const lines = wrapText(font, 8, long, width);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.join('').replaceAll(' ', '')).toBe(
      'InpatientstaywithSupercalifragilisticexpialidocious',
    );
    for (const line of lines) expect(font.widthOfTextAtSize(line, 8)).toBeLessThanOrEqual(width);
    expect(wrapText(font, 8, '', width)).toEqual(['']);
    expect(font.printable('  two\nlines  ')).toBe('two lines');
    // Text without spaces is cut between characters, never inside a surrogate pair.
    const cut = wrapText(font, 8, symbols, 30);
    expect(cut.length).toBeGreaterThan(1);
    expect(cut.join('')).toBe(symbols);
  });
});
