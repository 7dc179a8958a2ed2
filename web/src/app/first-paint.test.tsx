import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FullScreenSpinner } from '@/components/full-screen-spinner.tsx';
import { DEFAULT_BRANDING } from '@/config/constants.ts';
import { keepPageBranding, pageBranding } from '@/config/page-branding.ts';
import { firstPaintMarkup } from './first-paint.tsx';

const SR_LABEL = /<span class="sr-only">.*?<\/span><\/div>$/;

describe('the first paint', () => {
  it("is SPEC §2's spinner with the logo, telling a screen reader it loads in each language", () => {
    const page = document.createElement('div');
    page.innerHTML = firstPaintMarkup();
    const status = page.querySelector('[role="status"]');
    expect(status).not.toBeNull();
    expect(status?.querySelector('img')?.getAttribute('src')).toBe(DEFAULT_BRANDING.logoUrl);
    expect(status?.querySelector('img')?.alt).toBe(DEFAULT_BRANDING.portalName);
    const labels = [...(status?.querySelectorAll('.sr-only [lang]') ?? [])];
    expect(labels.map((label) => [label.getAttribute('lang'), label.textContent?.trim()])).toEqual([
      ['en', 'Loading'],
      ['es', 'Cargando'],
    ]);
  });

  it("is what the app draws first, so the app's start changes nothing on screen", () => {
    const drawnByApp = renderToStaticMarkup(
      <FullScreenSpinner
        portalName={DEFAULT_BRANDING.portalName}
        logoUrl={DEFAULT_BRANDING.logoUrl}
      />,
    );
    // Only the words for screen readers differ: the app knows the reader's language.
    expect(firstPaintMarkup().replace(SR_LABEL, '')).toBe(drawnByApp.replace(SR_LABEL, ''));
    expect(drawnByApp).toMatch(SR_LABEL);
  });

  it("gives the app the logo and name the service put in, until the portal's configuration arrives", () => {
    const page = document.createElement('div');
    page.innerHTML = firstPaintMarkup()
      .replaceAll(DEFAULT_BRANDING.logoUrl, '/brand/st-mary.png')
      .replace(`alt="${DEFAULT_BRANDING.portalName}"`, 'alt="St. Mary Pay"');
    keepPageBranding(page);
    expect(pageBranding()).toEqual({ logoUrl: '/brand/st-mary.png', portalName: 'St. Mary Pay' });
    keepPageBranding(document.createElement('div'));
    expect(pageBranding()).toEqual({});
  });
});
