import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { SentEmail } from '@webpay/contracts/office';
import { chooseLanguage } from '@/lib/language.ts';
import { fakeOfficeService, renderWithQueries } from '@test/office/office-service.tsx';
import { SentEmailsSection } from './sent-emails-section.tsx';

function email(id: string, kind: string): SentEmail {
  return {
    id,
    kind,
    to: 'maria.garcia@example.com',
    subject: 'Your payment receipt',
    status: 'sent',
    queuedAt: '2026-11-25T16:30:00.000Z',
    sentAt: '2026-11-25T16:30:05.000Z',
    error: null,
  };
}

/** The Kind cell of each row. */
function kindCells(header: string): HTMLElement[] {
  const table = screen.getByRole('table');
  const index = within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent)
    .indexOf(header);
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const cell = within(row).getAllByRole('cell')[index];
      if (!cell) throw new Error(`No ${header} cell`);
      return cell;
    });
}

function renderSection(emails: readonly SentEmail[]) {
  fakeOfficeService();
  renderWithQueries(<SentEmailsSection emails={emails} />);
}

describe('the e-mails sent', () => {
  it('names each kind of message in words, not by its code', () => {
    renderSection([email('1', 'payment-receipt'), email('2', 'magic-link')]);
    const [receipt, link] = kindCells('Kind');
    expect(receipt).toHaveTextContent(/^KindPayment receipt$/);
    expect(link).toHaveTextContent(/^KindSign-in link$/);
  });

  it('names them in Spanish too', () => {
    act(() => chooseLanguage('es'));
    renderSection([email('1', 'payment-reversal')]);
    const [reversal] = kindCells('Tipo');
    expect(reversal).toHaveTextContent(/^TipoAviso de anulación o reembolso$/);
  });

  it('shows a kind it has no words for by its code', () => {
    renderSection([email('1', 'something-new'), email('2', 'toString')]);
    const [unknown, inherited] = kindCells('Kind');
    if (!unknown || !inherited) throw new Error('Expected two rows');
    expect(within(unknown).getByText('something-new').tagName).toBe('CODE');
    expect(within(inherited).getByText('toString').tagName).toBe('CODE');
  });
});
