import { formatCents } from '@webpay/contracts/money';
import type { ConvergeErrorFields } from './converge-answers.ts';
import type { LightboxSession } from './converge-sandbox.service.ts';

/*
 * The card form inside the lightbox iframe. Everything it runs comes from
 * lightbox.js and lightbox.css beside it (its CSP allows no inline script);
 * what the script needs is handed over in data- attributes.
 */

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Asset paths relative to the page (…/hosted-payments/lightbox). */
export const LIGHTBOX_ASSETS = {
  script: 'lightbox/lightbox.js',
  stylesheet: 'lightbox/lightbox.css',
} as const;

interface PageFrame {
  merchantName: string;
  title: string;
  /** data- attributes for lightbox.js, already validated. */
  data: Record<string, string | undefined>;
  main: string;
}

function page({ merchantName, title, data, main }: PageFrame): string {
  const attributes = Object.entries(data)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(merchantName)}</title>
<link rel="stylesheet" href="${LIGHTBOX_ASSETS.stylesheet}">
<script src="${LIGHTBOX_ASSETS.script}" defer></script>
</head>
<body${attributes}>
<main class="sheet" aria-labelledby="lightbox-title">
${main}
<p class="sandbox-note">Sandbox processor: no card is charged. Test cards are listed in docs/sandbox-processor.md.</p>
</main>
</body>
</html>
`;
}

function field(options: {
  id: string;
  name: string;
  label: string;
  autocomplete: string;
  maxLength: number;
  numeric?: boolean;
  value?: string;
  placeholder?: string;
}): string {
  const { id, name, label, autocomplete, maxLength, numeric, value, placeholder } = options;
  return `<div class="field">
<label for="${id}">${label}</label>
<input id="${id}" name="${name}" type="text" autocomplete="${autocomplete}"${numeric ? ' inputmode="numeric"' : ''} maxlength="${maxLength}" spellcheck="false" autocapitalize="off" required aria-describedby="${id}-error"${value ? ` value="${escapeHtml(value)}"` : ''}${placeholder ? ` placeholder="${placeholder}"` : ''}>
<p id="${id}-error" class="field-error" hidden></p>
</div>`;
}

export interface LightboxFormPage {
  merchantName: string;
  token: string;
  session: LightboxSession;
  /** The origin of the page that opened the lightbox: where lightbox.js posts its messages. */
  parentOrigin: string | undefined;
}

/**
 * The wording of the form: a sale shows its amount and pays it; saving a
 * card (ccgettoken) shows no amount, says nothing is charged (and that the
 * card is verified, when it is) and saves.
 */
function formWording(session: LightboxSession) {
  if (session.transactionType === 'ccgettoken') {
    const note = session.verify
      ? 'Your card will be verified with its bank. Nothing is charged.'
      : 'Nothing is charged.';
    return {
      title: 'Save card',
      summary: `<p class="amount">${note}</p>`,
      action: 'Save card',
    };
  }
  const amount = formatCents(session.amountCents);
  return {
    title: 'Card payment',
    summary: `<p class="amount">Amount <strong>${amount}</strong></p>`,
    action: `Pay ${amount}`,
  };
}

export function renderLightboxForm({
  merchantName,
  token,
  session,
  parentOrigin,
}: LightboxFormPage): string {
  const { title, summary, action } = formWording(session);
  const cardholder = [session.firstName, session.lastName].filter(Boolean).join(' ');
  const reference = session.invoiceNumber
    ? `<p class="reference">Reference ${escapeHtml(session.invoiceNumber)}</p>\n`
    : '';
  return page({
    merchantName,
    title,
    data: { token, 'parent-origin': parentOrigin },
    main: `<header class="sheet-header">
<p class="merchant">${escapeHtml(merchantName)}</p>
<h1 id="lightbox-title">${title}</h1>
${summary}
${reference}</header>
<form id="card-form" class="card-form" novalidate>
<p id="form-error" class="form-error" role="alert" hidden></p>
${field({ id: 'card-number', name: 'cardNumber', label: 'Card number', autocomplete: 'cc-number', maxLength: 23, numeric: true })}
<div class="field-row">
${field({ id: 'card-expiry', name: 'expiry', label: 'Expiry date (MM/YY)', autocomplete: 'cc-exp', maxLength: 7, numeric: true, placeholder: 'MM/YY' })}
${field({ id: 'card-cvv', name: 'cvv', label: 'Security code (CVV)', autocomplete: 'cc-csc', maxLength: 4, numeric: true })}
</div>
${field({ id: 'card-name', name: 'name', label: 'Name on card', autocomplete: 'cc-name', maxLength: 50, value: cardholder })}
<div class="actions">
<button type="submit" class="button button-primary" data-label="${action}">${action}</button>
<button type="button" class="button button-secondary" data-action="cancel">Cancel</button>
</div>
</form>`,
  });
}

export interface LightboxErrorPage {
  merchantName: string;
  error: ConvergeErrorFields;
  parentOrigin: string | undefined;
}

/**
 * Shown instead of the form when the token cannot be used; lightbox.js
 * reports the error to the opener at once, so in the overlay it is barely seen.
 */
export function renderLightboxError({
  merchantName,
  error,
  parentOrigin,
}: LightboxErrorPage): string {
  return page({
    merchantName,
    title: 'Payment unavailable',
    data: {
      'parent-origin': parentOrigin,
      'error-code': error.errorCode,
      'error-name': error.errorName,
      'error-message': error.errorMessage,
    },
    main: `<header class="sheet-header">
<p class="merchant">${escapeHtml(merchantName)}</p>
<h1 id="lightbox-title">Payment unavailable</h1>
</header>
<p class="form-error">${escapeHtml(error.errorMessage)}</p>
<div class="actions">
<button type="button" class="button button-secondary" data-action="close">Close</button>
</div>`,
  });
}
