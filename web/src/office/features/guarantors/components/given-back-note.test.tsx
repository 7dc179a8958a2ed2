import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { chooseLanguage } from '@/lib/language.ts';
import { fakeOfficeService, renderWithQueries } from '@test/office/office-service.tsx';
import { GivenBackNote } from './given-back-note.tsx';

describe("what was given back of a guarantor's payment", () => {
  it('says how, how much and on which day, under the payment’s status', async () => {
    fakeOfficeService();
    renderWithQueries(
      <GivenBackNote reversal={{ status: 'voided', amount: 20, date: '2026-11-29' }} />,
    );
    expect(await screen.findByText('Voided $20.00 on Nov 29, 2026')).toBeVisible();
  });

  it('says it in Spanish too', async () => {
    act(() => chooseLanguage('es'));
    fakeOfficeService();
    renderWithQueries(
      <GivenBackNote
        reversal={{ status: 'partially_refunded', amount: 100, date: '2026-11-29' }}
      />,
    );
    expect(await screen.findByText('Reembolsado en parte: $100.00 el 29 nov 2026')).toBeVisible();
  });

  it('says nothing while nothing was given back', () => {
    fakeOfficeService();
    const { container } = renderWithQueries(<GivenBackNote reversal={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
