import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { StatementItem } from '../../db/schema.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { renderStatementPdf, type StatementPdfInput } from './statement-pdf.ts';
import { statementTotals } from './statements.service.ts';

const items: StatementItem[] = [
  {
    facilityId: '107',
    accountNumber: '40010001',
    patientName: 'Begoña Núñez',
    description: 'Cirugía ambulatoria',
    serviceDate: '2026-06-02',
    chargesCents: 150_000,
    paymentsCents: 20_000,
    adjustmentsCents: 5_000,
    balanceCents: 125_000,
  },
];

function statement(overrides: Partial<StatementPdfInput> = {}): StatementPdfInput {
  const totals = statementTotals(items);
  return {
    provider: {
      name: 'Wasatch Valley Health',
      portalName: 'WebPay',
      supportPhone: '(801) 555-0142',
      supportEmail: 'billing@wasatchvalleyhealth.example',
    },
    guarantorName: 'Begoña Núñez',
    accountNumber: '100200300',
    statementDate: '2026-11-03',
    dueDate: '2026-11-25',
    status: 'past_due',
    amountDueCents: totals.balanceCents,
    items,
    totals,
    ...overrides,
  };
}

describe('renderStatementPdf in Spanish (decision 0013)', () => {
  it('prints Spanish labels, es-US amounts and day-first dates, accents intact', async () => {
    const bytes = await renderStatementPdf(statement({ language: 'es' }));
    const lines = pdfText(bytes).split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Estado de cuenta',
        '3 nov 2026',
        '¿Preguntas? Llame al (801) 555-0142',
        'o escriba a billing@wasatchvalleyhealth.example',
        'Garante',
        'Begoña Núñez',
        'Número de cuenta',
        'Fecha de emisión',
        'Fecha de vencimiento',
        '25 nov 2026',
        'Vencido',
        'Monto a pagar',
        '$1,250.00',
        'Pague a más tardar el 25 nov 2026',
        'Descripción',
        'Cirugía ambulatoria',
        'Totales',
        'Monto a pagar a más tardar el 25 nov 2026: $1,250.00',
        'Pague en línea en WebPay o llame al (801) 555-0142.',
        'Página 1 de 1',
      ]),
    );
    expect(lines.join('\n')).not.toMatch(/Statement|Please pay|Page 1/);
  });

  it('covers every Spanish letter and sign', async () => {
    const name = 'Ángela Íñiguez Úrsula Óscar Éva ¿¡ñüáéíóú!?';
    const bytes = await renderStatementPdf(statement({ language: 'es', guarantorName: name }));
    expect(pdfText(bytes).split('\n')).toContain(name);
  });

  it('declares the document language and a Spanish title', async () => {
    const spanish = await PDFDocument.load(await renderStatementPdf(statement({ language: 'es' })));
    expect(spanish.getTitle()).toBe('Estado de cuenta del 3 nov 2026');
    expect(spanish.catalog.get(spanish.context.obj('Lang'))?.toString()).toBe('(es-US)');
    const english = await PDFDocument.load(await renderStatementPdf(statement()));
    expect(english.getTitle()).toBe('Statement of Nov 3, 2026');
    expect(english.catalog.get(english.context.obj('Lang'))?.toString()).toBe('(en-US)');
  });
});
