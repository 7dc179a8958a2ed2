import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { splitNearMiddle } from '../lib/split-near-middle.ts';
import { HeaderLabel } from './header-label.tsx';

describe('a header label', () => {
  it('is cut at the space nearest its middle', () => {
    expect(splitNearMiddle('Oficina de facturación')).toEqual(['Oficina de', 'facturación']);
    expect(splitNearMiddle('Cerrar todas las sesiones')).toEqual(['Cerrar todas', 'las sesiones']);
    expect(splitNearMiddle('Sign out everywhere')).toEqual(['Sign out', 'everywhere']);
    expect(splitNearMiddle('Billing Office')).toEqual(['Billing', 'Office']);
    expect(splitNearMiddle('Personal')).toBeNull();
  });

  it('keeps the whole label as the name a button is found by', () => {
    render(
      <button type="button">
        <HeaderLabel>Cerrar todas las sesiones</HeaderLabel>
      </button>,
    );
    expect(screen.getByRole('button', { name: 'Cerrar todas las sesiones' })).toBeVisible();
    render(<HeaderLabel>Personal</HeaderLabel>);
    expect(screen.getByText('Personal')).toBeVisible();
  });
});
