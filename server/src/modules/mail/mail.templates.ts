import {
  DEFAULT_LANGUAGE,
  formatCentsIn,
  formatDateIn,
  type Language,
} from '@webpay/contracts/language';
import type { AcceptedAuthorization } from '@webpay/contracts/echeck-authorization';
import { MAIL_MESSAGES, type MailMessages } from './mail-messages.ts';

/*
 * The service's e-mails, each rendered as a subject, a plain-text part and an
 * HTML part built from the same blocks, so the two never say different
 * things. They carry the provider's and the portal's names and as little
 * about the guarantor as the message needs: a first name at most, and never a
 * balance in a sign-in message. Each is written in the reader's language
 * (decision 0013), English when none is given.
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
  language: Language;
}

type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'code'; code: string }
  | { kind: 'button'; label: string; href: string }
  | { kind: 'facts'; facts: readonly (readonly [string, string])[] }
  | { kind: 'note'; text: string }
  /** Words quoted as they were shown, possibly in another language than the e-mail's. */
  | { kind: 'quote'; text: string; language: Language };

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

/** `15 minutes`, `1 hour`, `7 days` (or `15 minutos`, `1 hora`, `7 días`). */
export function describeLifetime(minutes: number, language: Language = DEFAULT_LANGUAGE): string {
  const { lifetime } = MAIL_MESSAGES[language];
  if (minutes % (24 * 60) === 0) return lifetime.days(minutes / (24 * 60));
  if (minutes % 60 === 0) return lifetime.hours(minutes / 60);
  return lifetime.minutes(minutes);
}

function greeting(words: MailMessages, firstName: string | undefined): string {
  return words.greeting(firstName?.trim() || undefined);
}

function footer(words: MailMessages, branding: MailBranding): string {
  return words.footer(branding.supportPhone, branding.supportEmail);
}

function renderText(
  words: MailMessages,
  branding: MailBranding,
  heading: string,
  blocks: Block[],
): string {
  const parts = blocks.map((block) => {
    switch (block.kind) {
      case 'paragraph':
      case 'note':
      case 'quote':
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
    `--\n${branding.providerName} · ${branding.portalName}\n${footer(words, branding)}`,
  ].join('\n\n');
}

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

function renderHtml(
  language: Language,
  words: MailMessages,
  branding: MailBranding,
  heading: string,
  blocks: Block[],
): string {
  const accent = /^#[0-9a-fA-F]{6}$/.test(branding.accentColor) ? branding.accentColor : '#0f766e';
  const body = blocks
    .map((block) => {
      switch (block.kind) {
        case 'paragraph':
          return `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937">${escapeHtml(block.text)}</p>`;
        case 'note':
          return `<p style="margin:0 0 16px;font-size:14px;line-height:20px;color:#4b5563">${escapeHtml(block.text)}</p>`;
        case 'quote':
          return `<blockquote lang="${block.language}" style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #d1d5db;font-size:14px;line-height:20px;color:#1f2937">${escapeHtml(block.text)}</blockquote>`;
        case 'code':
          return `<p style="margin:0 0 16px;font-size:32px;line-height:40px;font-weight:700;letter-spacing:6px;color:#111827;font-family:Menlo,Consolas,monospace">${escapeHtml(block.code)}</p>`;
        case 'button':
          return [
            '<p style="margin:0 0 16px">',
            `<a href="${escapeHtml(block.href)}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:${accent};color:#ffffff;font-size:16px;font-weight:600;text-decoration:none">${escapeHtml(block.label)}</a>`,
            '</p>',
            `<p style="margin:0 0 16px;font-size:13px;line-height:18px;color:#4b5563;word-break:break-all">${escapeHtml(words.pasteAddress)} ${escapeHtml(block.href)}</p>`,
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
    `<html lang="${language}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(heading)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f3f4f6;${FONT}">`,
    '<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;border-collapse:collapse">',
    '<tr><td style="padding:24px 24px 8px">',
    `<p style="margin:0 0 4px;font-size:14px;font-weight:600;color:${accent}">${escapeHtml(branding.providerName)} · ${escapeHtml(branding.portalName)}</p>`,
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:28px;color:#111827">${escapeHtml(heading)}</h1>`,
    body,
    '</td></tr>',
    `<tr><td style="padding:16px 24px 24px;border-top:1px solid #e5e7eb;font-size:13px;line-height:18px;color:#6b7280">${escapeHtml(footer(words, branding))}</td></tr>`,
    '</table>',
    '</body>',
    '</html>',
  ].join('\n');
}

function render(
  language: Language,
  branding: MailBranding,
  compose: (words: MailMessages) => { subject: string; heading: string; blocks: Block[] },
): RenderedMail {
  const words = MAIL_MESSAGES[language];
  const { subject, heading, blocks } = compose(words);
  return {
    subject,
    text: `${renderText(words, branding, heading, blocks)}\n`,
    html: `${renderHtml(language, words, branding, heading, blocks)}\n`,
    language,
  };
}

export interface SignInLinkMail {
  firstName?: string;
  link: string;
  lifetimeMinutes: number;
}

/** A magic sign-in link asked for on the login page. */
export function signInLinkMail(
  branding: MailBranding,
  mail: SignInLinkMail,
  language: Language = DEFAULT_LANGUAGE,
): RenderedMail {
  const portal = branding.portalName;
  return render(language, branding, (words) => ({
    subject: words.signInLink.subject(portal),
    heading: words.signInLink.heading,
    blocks: [
      paragraph(greeting(words, mail.firstName)),
      paragraph(words.signInLink.intro(portal)),
      { kind: 'button', label: words.signInLink.button(portal), href: mail.link },
      note(
        `${words.signInLink.expiry(describeLifetime(mail.lifetimeMinutes, language))} ${words.ignoreIfNotYou}`,
      ),
    ],
  }));
}

export interface CodeMail {
  firstName?: string;
  code: string;
  lifetimeMinutes: number;
}

/** What tells one code e-mail from another: its words, and the sign-up's link to the code page. */
interface CodeMailParts {
  subject: (portal: string) => string;
  heading: string;
  intro: (portal: string) => string;
  /** After the expiry note: what to do if the guarantor did not ask for it. */
  notYou: string;
  link?: { label: string; href: string };
}

/** Greeting, intro, the code (and a link, for sign-up), then when it expires. */
function codeMail(
  branding: MailBranding,
  mail: CodeMail,
  language: Language,
  partsIn: (words: MailMessages) => CodeMailParts,
): RenderedMail {
  const portal = branding.portalName;
  return render(language, branding, (words) => {
    const parts = partsIn(words);
    return {
      subject: parts.subject(portal),
      heading: parts.heading,
      blocks: [
        paragraph(greeting(words, mail.firstName)),
        paragraph(parts.intro(portal)),
        { kind: 'code', code: mail.code },
        ...(parts.link ? [{ kind: 'button' as const, ...parts.link }] : []),
        note(
          `${words.codeExpiry(describeLifetime(mail.lifetimeMinutes, language))} ${parts.notYou}`,
        ),
      ],
    };
  });
}

/** The code of an e-mail + birthdate sign-in. */
export function signInCodeMail(
  branding: MailBranding,
  mail: CodeMail,
  language: Language = DEFAULT_LANGUAGE,
): RenderedMail {
  return codeMail(branding, mail, language, (words) => ({
    ...words.signInCode,
    notYou: words.ignoreIfNotYou,
  }));
}

/** The code that confirms a guarantor's own e-mail address for multi-factor sign-in. */
export function verificationCodeMail(
  branding: MailBranding,
  mail: CodeMail,
  language: Language = DEFAULT_LANGUAGE,
): RenderedMail {
  return codeMail(branding, mail, language, (words) => ({
    ...words.verificationCode,
    notYou: words.verificationCode.notYou(branding.supportPhone),
  }));
}

export interface SignupMail extends CodeMail {
  /** The portal's code page for this verification. */
  link: string;
}

/** The code and link that finish a sign-up by confirming the e-mail address. */
export function signupMail(
  branding: MailBranding,
  mail: SignupMail,
  language: Language = DEFAULT_LANGUAGE,
): RenderedMail {
  return codeMail(branding, mail, language, (words) => ({
    ...words.signup,
    link: { label: words.signup.button, href: mail.link },
  }));
}

export interface SignupAttemptMail {
  firstName?: string;
  /** The phone the guarantor calls: their own support phone, else the billing office's. */
  supportPhone: string;
}

/**
 * To the owner of an address someone tried to sign up with: the sign-up
 * form answers such an attempt like any other, so only the owner learns of it.
 */
export function signupAttemptMail(
  branding: MailBranding,
  mail: SignupAttemptMail,
  language: Language = DEFAULT_LANGUAGE,
): RenderedMail {
  const portal = branding.portalName;
  return render(language, branding, (words) => ({
    subject: words.signupAttempt.subject(portal),
    heading: words.signupAttempt.heading,
    blocks: [
      paragraph(greeting(words, mail.firstName)),
      paragraph(words.signupAttempt.intro(portal)),
      paragraph(words.signupAttempt.nothingChanged),
      paragraph(words.signupAttempt.ifYou),
      note(words.signupAttempt.contact(mail.supportPhone, branding.supportEmail)),
    ],
  }));
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
  language: Language = DEFAULT_LANGUAGE,
): RenderedMail {
  const provider = branding.providerName;
  return render(language, branding, (words) => ({
    subject: words.statementNotice.subject(provider),
    heading: words.statementNotice.heading,
    blocks: [
      paragraph(greeting(words, mail.firstName)),
      paragraph(words.statementNotice.intro(provider)),
      {
        kind: 'facts',
        facts: [
          [words.statementNotice.statementDate, formatDateIn(language, mail.statementDate)],
          [words.statementNotice.amountDue, formatCentsIn(language, mail.amountDueCents)],
          [words.statementNotice.dueDate, formatDateIn(language, mail.dueDate)],
        ],
      },
      { kind: 'button', label: words.statementNotice.button, href: mail.link },
      note(
        words.statementNotice.linkNote(
          branding.portalName,
          describeLifetime(mail.lifetimeMinutes, language),
        ),
      ),
    ],
  }));
}

/** The blocks an e-mail worded outside this module is made of. */
export type MailBlock = Block;

/**
 * The service's layout (heading, branding, footer) around an e-mail another
 * module words itself, e.g. the copy of a payment plan's authorization.
 */
export function renderMail(
  language: Language,
  branding: MailBranding,
  compose: (words: MailMessages) => { subject: string; heading: string; blocks: MailBlock[] },
): RenderedMail {
  return render(language, branding, compose);
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
  /** The eCheck authorization the payer accepted, quoted as they read it. */
  authorization?: AcceptedAuthorization;
}

/**
 * The receipt of a recorded payment, sent to the address the payer chose,
 * which need not be the guarantor's: it names accounts, not patients, and
 * shows card and bank numbers only masked. The labels inside `mail` come
 * already worded in `language`.
 */
export function paymentReceiptMail(
  branding: MailBranding,
  mail: PaymentReceiptMail,
  language: Language = DEFAULT_LANGUAGE,
): RenderedMail {
  const amount = formatCentsIn(language, mail.amountCents);
  return render(language, branding, (words) => ({
    subject: words.receipt.subject(branding.providerName, mail.receiptId),
    heading: words.receipt.heading,
    blocks: [
      paragraph(greeting(words, mail.firstName)),
      paragraph(words.receipt.intro(amount)),
      {
        kind: 'facts',
        facts: [
          [words.receipt.receiptNumber, mail.receiptId],
          [words.receipt.date, formatDateIn(language, mail.paidAt)],
          [words.receipt.amount, amount],
          [words.receipt.paidWith, mail.paidWith],
        ],
      },
      {
        kind: 'facts',
        facts: mail.lines.map(
          (line) => [line.label, formatCentsIn(language, line.amountCents)] as const,
        ),
      },
      note(mail.postingNote),
      ...(mail.authorization
        ? [
            paragraph(words.receipt.authorizationIntro),
            {
              kind: 'quote',
              text: mail.authorization.text,
              language: mail.authorization.language,
            } as const,
          ]
        : []),
    ],
  }));
}

export interface PaymentReversalMail {
  firstName?: string;
  receiptId: string;
  /** The facility's day the money was given back (YYYY-MM-DD). */
  date: string;
  amountCents: number;
  /** How it was given back; a card is named by its last four digits only. */
  how: { kind: 'card'; last4: string | null } | { kind: 'void' } | { kind: 'check' };
}

/**
 * A void or refund of a payment, told to the guarantor: the receipt number,
 * the amount, how and when. No card or bank number beyond its last four.
 */
export function paymentReversalMail(
  branding: MailBranding,
  mail: PaymentReversalMail,
  language: Language = DEFAULT_LANGUAGE,
): RenderedMail {
  const amount = formatCentsIn(language, mail.amountCents);
  return render(language, branding, (words) => {
    const { how } = mail;
    const means =
      how.kind === 'void'
        ? words.reversal.voided
        : how.kind === 'check'
          ? words.reversal.byCheck
          : how.last4
            ? words.reversal.toCard(how.last4)
            : words.reversal.toCardUnknown;
    return {
      subject: words.reversal.subject(branding.providerName, mail.receiptId),
      heading: words.reversal.heading,
      blocks: [
        paragraph(greeting(words, mail.firstName)),
        paragraph(words.reversal.intro(amount, mail.receiptId)),
        {
          kind: 'facts',
          facts: [
            [words.reversal.receiptNumber, mail.receiptId],
            [words.reversal.amount, amount],
            [words.reversal.how, means],
            [words.reversal.date, formatDateIn(language, mail.date)],
          ],
        },
        note(words.reversal.note),
      ],
    };
  });
}
