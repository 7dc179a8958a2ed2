/*
 * The log check: after a browser test run, no server log may hold a PIN, an
 * e-mailed code or sign-in link token, a card number or a bank account
 * number. The secrets are the demo PINs, the sandbox's test cards and bank
 * accounts, and every code and token in the e-mails the servers sent during
 * the run, read from the mail catcher's .eml files as a mail client would.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_GUARANTORS } from '@webpay/server/testkit/demo';
import {
  SANDBOX_BANK_ACCOUNTS,
  SANDBOX_INVALID_CARD_NUMBER,
  SANDBOX_TEST_CARDS,
} from '@webpay/server/testkit/instruments';
import { parseMessage } from '@webpay/server/testkit/mime';

export type SecretKind = 'PIN' | 'card number' | 'bank account number' | 'code' | 'sign-in token';

export interface Secret {
  kind: SecretKind;
  /** Where the secret comes from, for the report. */
  label: string;
  value: string;
  pattern: RegExp;
}

export interface Leak {
  file: string;
  line: number;
  secret: Secret;
  excerpt: string;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/*
 * A number of its own: not part of a longer run of digits or letters (a
 * timestamp, an id, a hash) nor of a decimal (a response time). Six digits
 * turn up inside those by chance; as a whole number they are the secret.
 */
const NOT_AFTER = String.raw`(?<!\w|\d\.)`;
const NOT_BEFORE = String.raw`(?!\w|\.\d)`;

export function numberOfItsOwn(kind: SecretKind, label: string, digits: string): Secret {
  return { kind, label, value: digits, pattern: new RegExp(`${NOT_AFTER}${digits}${NOT_BEFORE}`) };
}

/** A card number written whole or in groups split by spaces or dashes. */
function cardNumber(label: string, digits: string): Secret {
  const grouped = [...digits].join('[ -]?');
  return {
    kind: 'card number',
    label,
    value: digits,
    pattern: new RegExp(`${NOT_AFTER}${grouped}${NOT_BEFORE}`),
  };
}

export function literal(kind: SecretKind, label: string, text: string): Secret {
  return { kind, label, value: text, pattern: new RegExp(escapeRegExp(text)) };
}

/** The secrets every run types in: demo PINs, test cards, test bank accounts. */
export function fixedSecrets(): Secret[] {
  return [
    ...Object.entries(DEMO_GUARANTORS).map(([who, guarantor]) =>
      numberOfItsOwn('PIN', `${who}'s PIN`, guarantor.pin),
    ),
    ...Object.entries(SANDBOX_TEST_CARDS).map(([name, card]) =>
      cardNumber(`test card ${name}`, card.number),
    ),
    cardNumber('test card failing the Luhn check', SANDBOX_INVALID_CARD_NUMBER),
    ...Object.entries(SANDBOX_BANK_ACCOUNTS).map(([name, account]) =>
      numberOfItsOwn('bank account number', `test bank account ${name}`, account.accountNumber),
    ),
  ];
}

export interface MailSecrets {
  codes: string[];
  tokens: string[];
  /** The e-mail offers a code or a sign-in link that could not be read out of it. */
  unreadable: string[];
}

/** The codes and sign-in link tokens in one e-mail, as received over SMTP. */
export function secretsInMail(raw: string): MailSecrets {
  const message = parseMessage(raw);
  const text = message.text ?? '';
  const html = message.html ?? '';
  // The text part gives the code on a line of its own (as the specs read it).
  const codes = [...text.matchAll(/^\s*(\d{6})\s*$/gm)].map((match) => match[1] ?? '');
  const tokens = [...`${text}\n${html}`.matchAll(/[?&;]abracadabra=([\w%-]+)/g)].map((match) =>
    decodeURIComponent(match[1] ?? ''),
  );
  const unreadable: string[] = [];
  if (/enter this code/i.test(text) && codes.length === 0) unreadable.push('code');
  if (/\/login\/magic\b/.test(text) && tokens.length === 0) unreadable.push('sign-in token');
  return { codes: [...new Set(codes)], tokens: [...new Set(tokens)], unreadable };
}

export interface Maildrop {
  mails: number;
  secrets: Secret[];
  problems: string[];
}

/** Every code and token in the .eml files of a mail catcher's folder. */
export async function readMaildrop(dir: string, serverName: string): Promise<Maildrop> {
  if (!existsSync(dir)) return { mails: 0, secrets: [], problems: [] };
  const files = (await readdir(dir)).filter((file) => file.endsWith('.eml')).sort();
  const secrets: Secret[] = [];
  const problems: string[] = [];
  for (const file of files) {
    const found = secretsInMail(await readFile(path.join(dir, file), 'utf8'));
    const from = `${serverName} e-mail ${file}`;
    for (const code of found.codes) secrets.push(numberOfItsOwn('code', `code in ${from}`, code));
    for (const token of found.tokens)
      secrets.push(literal('sign-in token', `token in ${from}`, token));
    for (const what of found.unreadable)
      problems.push(`${from}: offers a ${what} the check could not read`);
  }
  return { mails: files.length, secrets, problems };
}

/** Every place a secret appears in a log's text. */
export function findLeaks(file: string, text: string, secrets: readonly Secret[]): Leak[] {
  const lineStarts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
    lineStarts.push(index + 1);
  }
  const lineOf = (offset: number) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if ((lineStarts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
  const leaks: Leak[] = [];
  for (const secret of secrets) {
    for (const match of text.matchAll(new RegExp(secret.pattern.source, 'g'))) {
      const start = match.index;
      const line = lineOf(start);
      const lineStart = lineStarts[line - 1] ?? 0;
      const lineEnd = (lineStarts[line] ?? text.length + 1) - 1;
      const excerpt = text.slice(
        Math.max(lineStart, start - 60),
        Math.min(lineEnd, start + match[0].length + 60),
      );
      leaks.push({ file, line, secret, excerpt });
    }
  }
  return leaks.sort((a, b) => a.line - b.line);
}

/** Lines in the log, not counting a final newline. */
export function countLines(text: string): number {
  if (text === '') return 0;
  const newlines = text.split('\n').length - 1;
  return text.endsWith('\n') ? newlines : newlines + 1;
}

/** Requests the service logged (pino's "incoming request"), leaving out readiness polls. */
export function countRequests(text: string): number {
  let requests = 0;
  for (const line of text.split('\n')) {
    if (!line.includes('"incoming request"')) continue;
    try {
      const entry = JSON.parse(line) as { msg?: unknown; req?: { url?: unknown } };
      const url = entry.req?.url;
      if (entry.msg === 'incoming request' && typeof url === 'string' && url !== '/readyz') {
        requests += 1;
      }
    } catch {
      // Not a log entry of the service's.
    }
  }
  return requests;
}

export interface CheckedServer {
  name: string;
  logFile: string;
  maildrop: string;
  /** Tests that passed against this server; each one loaded at least one page from it. */
  testsPassed: number;
}

export interface LogCheckReport {
  servers: { name: string; lines: number; requests: number; mails: number }[];
  lines: number;
  requests: number;
  mails: number;
  secrets: Record<SecretKind, number>;
  secretCount: number;
  leaks: Leak[];
  /** Reasons the check itself cannot be trusted: a missing or too short log, an unreadable e-mail. */
  problems: string[];
}

/** Scans each server's log for the fixed secrets and every secret its e-mails carried. */
export async function checkServerLogs(servers: readonly CheckedServer[]): Promise<LogCheckReport> {
  const fixed = fixedSecrets();
  const report: LogCheckReport = {
    servers: [],
    lines: 0,
    requests: 0,
    mails: 0,
    secrets: { PIN: 0, 'card number': 0, 'bank account number': 0, code: 0, 'sign-in token': 0 },
    secretCount: 0,
    leaks: [],
    problems: [],
  };
  // Any server may have logged a secret typed against the other one, so every
  // log is checked for every secret.
  const mailsOf = new Map<string, number>();
  const found = [...fixed];
  for (const server of servers) {
    const maildrop = await readMaildrop(server.maildrop, server.name);
    found.push(...maildrop.secrets);
    report.problems.push(...maildrop.problems);
    mailsOf.set(server.name, maildrop.mails);
    report.mails += maildrop.mails;
  }
  // The same code may come twice: it is checked, and counted, once.
  const secrets = [
    ...new Map(found.map((secret) => [`${secret.kind}:${secret.value}`, secret])).values(),
  ];
  for (const secret of secrets) report.secrets[secret.kind] += 1;
  report.secretCount = secrets.length;

  for (const server of servers) {
    if (!existsSync(server.logFile)) {
      report.problems.push(`${server.name}: no log at ${server.logFile}`);
      continue;
    }
    const text = await readFile(server.logFile, 'utf8');
    const lines = countLines(text);
    const requests = countRequests(text);
    report.servers.push({
      name: server.name,
      lines,
      requests,
      mails: mailsOf.get(server.name) ?? 0,
    });
    report.lines += lines;
    report.requests += requests;
    if (requests < server.testsPassed) {
      report.problems.push(
        `${server.name}: ${requests} requests logged for ${server.testsPassed} passed tests, each of which loaded a page; the log is incomplete`,
      );
    }
    report.leaks.push(...findLeaks(server.logFile, text, secrets));
  }
  return report;
}

export function formatReport(report: LogCheckReport): string {
  const kinds = (Object.entries(report.secrets) as [SecretKind, number][])
    .map(([kind, count]) => `${count} ${kind}${count === 1 ? '' : 's'}`)
    .join(', ');
  const perServer = report.servers.map((server) => `${server.name} ${server.requests}`).join(', ');
  const lines = [
    `Log check: ${report.lines} log lines scanned (${report.requests} requests: ${perServer}); ` +
      `${report.mails} e-mails read; ${report.secretCount} secrets checked (${kinds}); ` +
      `leaks found: ${report.leaks.length}`,
  ];
  for (const leak of report.leaks) {
    lines.push(
      `  LEAK ${path.basename(leak.file)}:${leak.line}: ${leak.secret.label} (${leak.secret.value}): …${leak.excerpt}…`,
    );
  }
  for (const problem of report.problems) lines.push(`  PROBLEM ${problem}`);
  return lines.join('\n');
}
