/** WCAG 2.1 relative luminance of a `#rrggbb` colour. */
export function relativeLuminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

const WHITE = '#ffffff';
const INK = '#0f172a';

/**
 * The provider picks the accent colour, so text drawn on it takes whichever of
 * white or near-black reads better instead of assuming a dark accent.
 */
export function readableForeground(background: string): string {
  return contrastRatio(background, WHITE) >= contrastRatio(background, INK) ? WHITE : INK;
}

/** `a` moved `weight` (0–1) of the way towards `b`, both `#rrggbb`. */
export function mixHex(a: string, b: string, weight: number): string {
  const channel = (hex: string, start: number) => Number.parseInt(hex.slice(start, start + 2), 16);
  return `#${[1, 3, 5]
    .map((start) =>
      Math.round(channel(a, start) + (channel(b, start) - channel(a, start)) * weight),
    )
    .map((value) => value.toString(16).padStart(2, '0'))
    .join('')}`;
}

/**
 * The accent under the pointer: moved away from its text colour, so hovering
 * never lowers the contrast of the button's label.
 */
export function hoverShade(accent: string): string {
  return mixHex(accent, readableForeground(accent) === WHITE ? '#000000' : WHITE, 0.12);
}

export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && /^#[0-9a-fA-F]{6}$/.test(value);
}

/**
 * Applies the accent as CSS variables. Focus rings and the progress bar must
 * stand out from the page (3:1, WCAG 1.4.11); an accent too close to the page
 * colour falls back to the text colour for them.
 */
export function applyAccent(accent: string, root: HTMLElement = document.documentElement): void {
  if (!isHexColor(accent)) return;
  root.style.setProperty('--brand', accent);
  root.style.setProperty('--brand-foreground', readableForeground(accent));
  root.style.setProperty('--brand-hover', hoverShade(accent));
  root.style.setProperty('--brand-ring-light', contrastRatio(accent, WHITE) >= 3 ? accent : INK);
  root.style.setProperty(
    '--brand-ring-dark',
    contrastRatio(accent, '#020617') >= 3 ? accent : '#f8fafc',
  );
}
