import { describe, expect, it } from 'vitest';
import { SUPPORT_ACTIONS } from '@webpay/contracts/office';
import { auditLabelMessages } from './audit-labels.messages.ts';

/*
 * Every audit action the service writes, and every reason code it gives,
 * has words in both languages: found by reading the service's source, so a
 * new action without a label fails here rather than showing its bare code.
 */

const SERVER_SOURCE = '../../../../server/src/';

const sources = Object.entries(
  import.meta.glob<string>(['../../../../server/src/**/*.ts', '!**/*.test.ts'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
).map(([path, text]) => ({ path: path.replace(SERVER_SOURCE, ''), text }));

/** A quoted dotted code, `'office.report.money.viewed'`, in code or in SQL text. */
const DOTTED = /['"`]([a-z][a-z_]*(?:\.[a-z][a-z_-]*)+)['"`]/g;

/**
 * Dotted literals that are not actions: field paths, objects in SQL, file
 * names, and columns under a table alias of one or two letters in SQL
 * (`e.balance_cents`, `pp.items`); no action's namespace is that short.
 */
const NOT_ACTIONS = [
  /^(body|req|err|headers|excluded|request|page|read|pool|guarantors|session_row)\./,
  /^[a-z]{1,2}\./,
  /\.(json|html|css|js|csv|pdf|jpg|png|invalid)$/,
];

/**
 * Actions built from a prefix and a value, and every value each takes: a
 * new prefix fails the test until it is listed here with its values.
 */
const BUILT: Record<string, readonly string[]> = {
  // support-actions.service.ts: `office.support.${action}`
  'office.support.': SUPPORT_ACTIONS,
  // payments.service.ts: `payment.${status}`, a cancel the processor answered
  'payment.': ['declined', 'cancelled'],
  // reversals.service.ts: `payment.reversal.${status}`, a reversal closed
  'payment.reversal.': ['declined', 'failed'],
};

/** Template literals that start a dotted code and go on with a value. */
const BUILT_PREFIX = /`([a-z][a-z_]*(?:\.[a-z][a-z_-]*)*\.)\$\{/g;

/** Reason codes in audit details: `reason: 'locked'`, SQL `'reason', 'not_found'`, `failed('locked'`. */
const REASON_PATTERNS = [
  /\breason: '([a-z][a-z0-9_-]*)'(?!\s*\|)/g,
  /'reason', '([a-z][a-z0-9_-]*)'/g,
  /\b(?:failed|failure)\('([a-z][a-z0-9_-]*)'/g,
];

/** Reasons built from a prefix and a value (staff-sso.service.ts: `staff-${member.status}`). */
const BUILT_REASONS: Record<string, readonly string[]> = {
  'staff-': ['invited', 'disabled'],
};

// The processor's sandbox refuses with reasons of its own; none reaches the audit trail.
const NOT_AUDITED = /(^|\/)converge-sandbox\//;

function matches(pattern: RegExp, text: string): string[] {
  return [...text.matchAll(pattern)].map((match) => match[1] ?? '');
}

function writtenActions(): Set<string> {
  const codes = new Set<string>();
  for (const { text } of sources) {
    for (const code of matches(DOTTED, text)) {
      if (!NOT_ACTIONS.some((pattern) => pattern.test(code))) codes.add(code);
    }
  }
  for (const [prefix, values] of Object.entries(BUILT)) {
    for (const value of values) codes.add(`${prefix}${value}`);
  }
  return codes;
}

function builtPrefixes(): string[] {
  const prefixes = sources.flatMap(({ text }) => matches(BUILT_PREFIX, text));
  return [...new Set(prefixes)].filter((prefix) => !NOT_ACTIONS.some((p) => p.test(prefix))).sort();
}

function writtenReasons(): Set<string> {
  const codes = new Set<string>();
  for (const { path, text } of sources) {
    if (NOT_AUDITED.test(path)) continue;
    for (const code of REASON_PATTERNS.flatMap((pattern) => matches(pattern, text))) {
      codes.add(code);
    }
  }
  for (const [prefix, values] of Object.entries(BUILT_REASONS)) {
    for (const value of values) codes.add(`${prefix}${value}`);
  }
  return codes;
}

const missingIn = (labels: Readonly<Record<string, string>>, codes: Set<string>) =>
  [...codes].filter((code) => !Object.hasOwn(labels, code) || !labels[code]?.trim()).sort();

describe('the audit trail’s words', () => {
  const actions = writtenActions();
  const reasons = writtenReasons();

  it('find the actions the service writes', () => {
    // A guard against a scan that silently finds nothing.
    expect(actions.size).toBeGreaterThan(100);
    expect(actions).toContain('office.report.money.viewed');
    expect(actions).toContain('staff.sign-in');
    expect(actions).toContain('office.support.unlock-sign-in');
  });

  it('know every action built from a prefix', () => {
    expect(builtPrefixes()).toEqual(Object.keys(BUILT).sort());
  });

  it.each(['en', 'es'] as const)('name every action in %s', (language) => {
    expect(missingIn(auditLabelMessages[language].actions, actions)).toEqual([]);
  });

  it('find the reason codes the service writes', () => {
    expect(reasons).toContain('wrong_code');
    expect(reasons).toContain('not_found');
    expect(reasons).toContain('local-account');
  });

  it.each(['en', 'es'] as const)('name every reason code in %s', (language) => {
    expect(missingIn(auditLabelMessages[language].reasons, reasons)).toEqual([]);
  });
});
