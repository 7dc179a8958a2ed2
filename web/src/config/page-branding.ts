import { BRAND_LOGO_ATTRIBUTE } from '@/components/full-screen-spinner.tsx';

/*
 * The logo and portal name the service put into the page's first paint
 * (server/src/plugins/portal.ts), read once before the app draws over it:
 * until the portal's configuration arrives, the app shows the same ones, so
 * nothing changes on screen when it starts.
 */

export interface PageBranding {
  logoUrl?: string;
  portalName?: string;
}

let kept: PageBranding = {};

export function keepPageBranding(root: ParentNode = document): void {
  const logo = root.querySelector<HTMLImageElement>(`img[${BRAND_LOGO_ATTRIBUTE}]`);
  kept = logo
    ? { logoUrl: logo.getAttribute('src') || undefined, portalName: logo.alt || undefined }
    : {};
}

export function pageBranding(): PageBranding {
  return kept;
}
