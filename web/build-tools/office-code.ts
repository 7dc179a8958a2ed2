import type { ForbiddenSources } from './script-inventory.ts';

/**
 * The billing office console's code, by the script inventory's source names.
 * The portal's build fails if any of its chunks holds one: guarantors never
 * download the console (issue #23), and its QR code and chart libraries stay with it.
 */
export const OFFICE_CODE: ForbiddenSources = {
  sources: [
    'web/office.html',
    'web/src/office/**',
    'npm:qrcode-generator',
    'npm:recharts',
    'npm:victory-vendor',
    'npm:d3-*',
  ],
  reason:
    "the guarantor portal never downloads the billing office console's code (issue #23); " +
    'share it through web/src/components or web/src/lib instead.',
};
