import { describe, expect, it } from 'vitest';
import { itemCountText, selectedCountText } from './selection-text.ts';

describe('selection texts (SPEC §2 summary cards and bottom bar)', () => {
  it('counts items in English, one in the singular', () => {
    expect(itemCountText(1, 'en')).toBe('1 item');
    expect(itemCountText(5, 'en')).toBe('5 items');
    expect(selectedCountText(0, 'en')).toBe('No items selected for payment');
    expect(selectedCountText(1, 'en')).toBe('1 item selected');
    expect(selectedCountText(2, 'en')).toBe('2 items selected');
  });

  it('counts items in Spanish, the participle agreeing with the count', () => {
    expect(itemCountText(1, 'es')).toBe('1 concepto');
    expect(itemCountText(5, 'es')).toBe('5 conceptos');
    expect(selectedCountText(0, 'es')).toBe('No hay conceptos seleccionados para pagar');
    expect(selectedCountText(1, 'es')).toBe('1 concepto seleccionado');
    expect(selectedCountText(2, 'es')).toBe('2 conceptos seleccionados');
  });
});
