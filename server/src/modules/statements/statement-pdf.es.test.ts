import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { StatementItem } from '../../db/schema.ts';
import { pdfText } from '../../../test/support/pdf-text.ts';
import { renderStatementPdf, type StatementPdfInput } from './statement-pdf.ts';
import { squareReconciliation } from '../../../test/support/statement-pdf.ts';
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
    assistance: {
      phone: '(801) 555-0142',
      webAddress: 'https://pay.wasatchvalleyhealth.example/webpay/financial-assistance',
    },
    guarantorName: 'Begoña Núñez',
    accountNumber: '100200300',
    statementDate: '2026-11-03',
    dueDate: '2026-11-25',
    status: 'past_due',
    amountDueCents: totals.balanceCents,
    items,
    totals,
    reconciliation: squareReconciliation(totals.balanceCents),
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
        '¿Necesita ayuda para pagar? Asistencia financiera',
        'Página 1 de 1',
      ]),
    );
    expect(lines.join(' ')).toMatch(/para pedir una copia en papel gratis/);
    expect(lines.join('\n')).not.toMatch(/Statement|Please pay|Page 1/);
  });

  it('compares the amount due with the dashboard in Spanish', async () => {
    const bytes = await renderStatementPdf(
      statement({
        language: 'es',
        amountDueCents: 368_045,
        reconciliation: squareReconciliation(368_045, {
          inPaymentPlans: 2120,
          planPaymentsDue: 305,
          otherChanges: 10.5,
          dueNow: 1875.95,
          paymentsInProcess: 1250,
        }),
      }),
    );
    const lines = pdfText(bytes).split('\n');
    const comparison = lines.slice(
      lines.indexOf('Cómo se compara este estado de cuenta con su Panel'),
    );
    expect(comparison.slice(0, 12)).toEqual([
      'Cómo se compara este estado de cuenta con su Panel',
      'Este estado de cuenta muestra sus saldos al 3 nov 2026. Su Panel muestra lo que debe pagar hoy, 25 nov 2026.',
      'Monto a pagar de este estado de cuenta',
      '$3,680.45',
      'En planes de pagos, que se cubren con los pagos mensuales de cada plan',
      '-$2,120.00',
      'Pagos de planes a pagar ahora, incluidos los montos atrasados',
      '+$305.00',
      'Cambios desde el estado de cuenta: cargos nuevos, ajustes y pagos aplicados',
      '+$10.50',
      'A pagar ahora según su Panel (Hospitales y clínicas)',
      '$1,875.95',
    ]);
    expect(comparison.join(' ')).toContain(
      'Recibimos $1,250.00 en pagos hechos después del 3 nov 2026. Ese monto está en proceso y todavía no se descuenta de los montos anteriores.',
    );
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
