import { describe, expect, it } from 'vitest';
import { applyAccent, contrastRatio, hoverShade, mixHex, readableForeground } from './color.ts';

describe('accent colour', () => {
  it('computes WCAG contrast', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 0);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
  });

  it('puts readable text on any accent', () => {
    expect(readableForeground('#1d4ed8')).toBe('#ffffff');
    expect(readableForeground('#fde047')).toBe('#0f172a');
    for (const accent of ['#0f766e', '#fde047', '#7c3aed', '#f97316', '#22c55e']) {
      expect(contrastRatio(accent, readableForeground(accent))).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('sets the CSS variables and ignores anything that is not a colour', () => {
    const root = document.createElement('div');
    applyAccent('#fde047', root);
    expect(root.style.getPropertyValue('--brand')).toBe('#fde047');
    expect(root.style.getPropertyValue('--brand-foreground')).toBe('#0f172a');
    expect(root.style.getPropertyValue('--brand-ring-light')).toBe('#0f172a');
    applyAccent('red; background: url(x)', root);
    expect(root.style.getPropertyValue('--brand')).toBe('#fde047');
  });

  it('darkens (or, under dark text, lightens) the accent on hover, never losing contrast', () => {
    expect(mixHex('#000000', '#ffffff', 0.5)).toBe('#808080');
    for (const accent of ['#0f766e', '#1d4ed8', '#fde047', '#7c3aed', '#f97316', '#22c55e']) {
      const text = readableForeground(accent);
      expect(contrastRatio(hoverShade(accent), text)).toBeGreaterThan(contrastRatio(accent, text));
    }
    const root = document.createElement('div');
    applyAccent('#0f766e', root);
    expect(root.style.getPropertyValue('--brand-hover')).toBe(hoverShade('#0f766e'));
  });
});
