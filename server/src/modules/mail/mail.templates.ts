import { formatDate } from '@webpay/contracts/dates';
import { formatCents } from '@webpay/contracts/money';

/*
 * The service's e-mails, each rendered as a subject, a plain-text part and an
 * HTML part built from the same blocks, so the two never say different
 * things. They carry the provider's and the portal's names and as little
 * about the guarantor as the message needs: a first name at most, and never a
 * balance in a sign-in message.
 */

export interface MailBranding {
  providerName: string;
  portalName: string;
  supportEmail: string;
  supportPhone: string;
  /** `#rrggbb`, for the button. */
  accentColor: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'code'; code: string }
  | { kind: 'button'; label: string; href: string }
  | { kind: 'facts'; facts: readonly (readonly [string, string])[] }
  | { kind: 'note'; text: string };

const paragraph = (text: string): Block => ({ kind: 'paragraph', text });
const note = (text: string): Block => ({ kind: 'note', text });

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** `15 minutes`, `1 hour`, `7 days`. */
export function describeLifetime(minutes: number): string {
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (minutes % (24 * 60) === 0) return plural(minutes / (24 * 60), 'day');
  if (minutes % 60 === 0) return plural(minutes / 60, 'hour');
  return plural(minutes, 'minute');
}

function greeting(firstName: string | undefined): string {
  const name = firstName?.trim();
  return name ? `Hello ${name},` : 'Hello,';
}

function footer(branding: MailBranding): string {
  return `Questions? Call ${branding.supportPhone} or write to ${branding.supportEmail}.`;
}

function renderText(branding: MailBranding, heading: string, blocks: Block[]): string {
  const parts = blocks.map((block) => {
    switch (block.kind) {
      case 'paragraph':
      case 'note':
        return block.text;
      case 'code':
        return `    ${block.code}`;
      case 'button':
        return `${block.label}:\n${block.href}`;
      case 'facts':
        return block.facts.map(([label, value]) => `${label}: ${value}`).join('\n');
    }
  });
  return [
    heading,
    ...parts,
    `--\n${branding.providerName} · ${branding.portalName}\n${footer(branding)}`,
  ].join('\n\n');
}

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

function renderHtml(branding: MailBranding, heading: string, blocks: Block[]): string {
  const accent = /^#[0-9a-fA-F]{6}$/.test(branding.accentColor) ? branding.accentColor : '#0f766e';
  const body = blocks
    .map((block) => {
      switch (block.kind) {
        case 'paragraph':
          return `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937">${escapeHtml(block.text)}</p>`;
        case 'note':
          return `<p style="margin:0 0 16px;font-size:14px;line-height:20px;color:#4b5563">${escapeHtml(block.text)}</p>`;
        case 'code':
          return `<p style="margin:0 0 16px;font-size:32px;line-height:40px;font-weight:700;letter-spacing:6px;color:#111827;font-family:Menlo,Consolas,monospace">${escapeHtml(block.code)}</p>`;
        case 'button':
          return [
            '<p style="margin:0 0 16px">',
            `<a href="${escapeHtml(block.href)}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:${accent};color:#ffffff;font-size:16px;font-weight:600;text-decoration:none">${escapeHtml(block.label)}</a>`,
            '</p>',
            `<p style="margin:0 0 16px;font-size:13px;line-height:18px;color:#4b5563;word-break:break-all">Or paste this address into your browser: ${escapeHtml(block.href)}</p>`,
          ].join('');
        case 'facts':
          return [
            '<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">',
            ...block.facts.map(
              ([label, value]) =>
                `<tr><td style="padding:4px 16px 4px 0;font-size:15px;color:#4b5563">${escapeHtml(label)}</td><td style="padding:4px 0;font-size:15px;font-weight:600;color:#111827">${escapeHtml(value)}</td></tr>`,
            ),
            '</table>',
          ].join('');
      }
    })
    .join('\n');
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(heading)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f3f4f6;${FONT}">`,
    '<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;border-collapse:collapse">',
    '<tr><td style="padding:24px 24px 8px">',
    `<p style="margin:0 0 4px;font-size:14px;font-weight:600;color:${accent}">${escapeHtml(branding.providerName)} · ${escapeHtml(branding.portalName)}</p>`,
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:28px;color:#111827">${escapeHtml(heading)}</h1>`,
    body,
    '</td></tr>',
    `<tr><td style="padding:16px 24px 24px;border-top:1px solid #e5e7eb;font-size:13px;line-height:18px;color:#6b7280">${escapeHtml(footer(branding))}</td></tr>`,
    '</table>',
    '</body>',
    '</html>',
  ].join('\n');
}

function render(
  branding: MailBranding,
  subject: string,
  heading: string,
  blocks: Block[],
): RenderedMail {
  return {
    subject,
    text: `${renderText(branding, heading, blocks)}\n`,
    html: `${renderHtml(branding, heading, blocks)}\n`,
  };
}

const IGNORE_IF_NOT_YOU =
  'If you did not ask for this, you can ignore this email: no one can use it without access to your mailbox.';

export interface SignInLinkMail {
  firstName?: string;
  link: string;
  lifetimeMinutes: number;
}

/** A magic sign-in link asked for on the login page. */
export function signInLinkMail(branding: MailBranding, mail: SignInLinkMail): RenderedMail {
  return render(branding, `Your ${branding.portalName} sign-in link`, 'Sign in with one click', [
    paragraph(greeting(mail.firstName)),
    paragraph(`Use the button below to sign in to ${branding.portalName}.`),
    { kind: 'button', label: `Sign in to ${branding.portalName}`, href: mail.link },
    note(
      `The link works once and expires in ${describeLifetime(mail.lifetimeMinutes)}. ${IGNORE_IF_NOT_YOU}`,
    ),
  ]);
}

export interface CodeMail {
  firstName?: string;
  code: string;
  lifetimeMinutes: number;
}

/** The code of an e-mail + birthdate sign-in. */
export function signInCodeMail(branding: MailBranding, mail: CodeMail): RenderedMail {
  return render(branding, `Your ${branding.portalName} sign-in code`, 'Your sign-in code', [
    paragraph(greeting(mail.firstName)),
    paragraph(`Enter this code on the ${branding.portalName} page where you asked for it:`),
    { kind: 'code', code: mail.code },
    note(
      `The code works once and expires in ${describeLifetime(mail.lifetimeMinutes)}. ${IGNORE_IF_NOT_YOU}`,
    ),
  ]);
}

/** The code that confirms a guarantor's own e-mail address for multi-factor sign-in. */
export function verificationCodeMail(branding: MailBranding, mail: CodeMail): RenderedMail {
  return render(branding, `Your ${branding.portalName} verification code`, 'Confirm it is you', [
    paragraph(greeting(mail.firstName)),
    paragraph(
      `Enter this code in ${branding.portalName} to confirm your identity. Once confirmed, you can save receipt email addresses to your account.`,
    ),
    { kind: 'code', code: mail.code },
    note(
      `The code works once and expires in ${describeLifetime(mail.lifetimeMinutes)}. If you did not ask for it, please call ${branding.supportPhone}.`,
    ),
  ]);
}

export interface SignupMail extends CodeMail {
  /** The portal's code page for this verification. */
  link: string;
}

/** The code and link that finish a sign-up by confirming the e-mail address. */
export function signupMail(branding: MailBranding, mail: SignupMail): RenderedMail {
  return render(
    branding,
    `Confirm your email address for ${branding.portalName}`,
    'Confirm your email address',
    [
      paragraph(greeting(mail.firstName)),
      paragraph(
        `Thank you for signing up for ${branding.portalName}. To finish, open the confirmation page and enter this code:`,
      ),
      { kind: 'code', code: mail.code },
      { kind: 'button', label: 'Open the confirmation page', href: mail.link },
      note(
        `The code works once and expires in ${describeLifetime(mail.lifetimeMinutes)}. If you did not sign up, you can ignore this email: your address will not be added to any account.`,
      ),
    ],
  );
}

export interface StatementNoticeMail {
  firstName?: string;
  /** YYYY-MM-DD */
  statementDate: string;
  amountDueCents: number;
  /** YYYY-MM-DD */
  dueDate: string;
  link: string;
  lifetimeMinutes: number;
}

/** A paperless guarantor's notice that a statement is ready, with a sign-in link. */
export function statementNoticeMail(
  branding: MailBranding,
  mail: StatementNoticeMail,
): RenderedMail {
  return render(
    branding,
    `Your ${branding.providerName} statement is ready`,
    'Your new statement is ready',
    [
      paragraph(greeting(mail.firstName)),
      paragraph(
        `You chose paperless statements, so here is your new ${branding.providerName} statement notice.`,
      ),
      {
        kind: 'facts',
        facts: [
          ['Statement date', formatDate(mail.statementDate)],
          ['Amount due', formatCents(mail.amountDueCents)],
          ['Due date', formatDate(mail.dueDate)],
        ],
      },
      { kind: 'button', label: 'View and pay online', href: mail.link },
      note(
        `The button signs you in to ${branding.portalName} once and works for ${describeLifetime(mail.lifetimeMinutes)}; after that, sign in with your account number and PIN or ask for a new sign-in link.`,
      ),
    ],
  );
}

export interface PaymentReceiptMail {
  firstName?: string;
  receiptId: string;
  /** ISO instant of the payment. */
  paidAt: string;
  amountCents: number;
  /** How it was paid, masked: "VISA ending in 9990", "Checking account ending in 6789". */
  paidWith: string;
  /** What was paid, one entry per line, without patient names. */
  lines: readonly { label: string; amountCents: number }[];
  /** When the money shows on the accounts, in the receipt's words. */
  postingNote: string;
}

/**
 * The receipt of a recorded payment, sent to the address the payer chose,
 * which need not be the guarantor's: it names accounts, not patients, and
 * shows card and bank numbers only masked.
 */
export function paymentReceiptMail(branding: MailBranding, mail: PaymentReceiptMail): RenderedMail {
  return render(
    branding,
    `Your ${branding.providerName} payment receipt ${mail.receiptId}`,
    'Thank you for your payment',
    [
      paragraph(greeting(mail.firstName)),
      paragraph(
        `We received your payment of ${formatCents(mail.amountCents)}. Please keep this email as your receipt.`,
      ),
      {
        kind: 'facts',
        facts: [
          ['Receipt number', mail.receiptId],
          ['Date', formatDate(mail.paidAt)],
          ['Amount', formatCents(mail.amountCents)],
          ['Paid with', mail.paidWith],
        ],
      },
      {
        kind: 'facts',
        facts: mail.lines.map((line) => [line.label, formatCents(line.amountCents)] as const),
      },
      note(mail.postingNote),
    ],
  );
}
