import type { Translation } from '@webpay/contracts/language';
import { useMessages } from '@/lib/messages.ts';
import { auditLabelMessages } from './audit-labels.messages.ts';

type AuditLabels = Translation<(typeof auditLabelMessages)['en']>;

/** A code's label, or undefined for a code the catalogue does not know (never an inherited key). */
function labelIn(labels: Readonly<Record<string, string>>, code: string): string | undefined {
  return Object.hasOwn(labels, code) ? labels[code] : undefined;
}

/** The audit codes in the reader's language, with the codes themselves when unknown. */
export interface AuditWords {
  /** The action's label; undefined for an action this console does not know yet. */
  action: (code: string) => string | undefined;
  /** A reason code in words; any other reason (one a staff member typed) as it is. */
  reason: (reason: string) => string;
  /** Every known action code with its label, in code order, for the filter's suggestions. */
  actions: readonly (readonly [code: string, label: string])[];
}

function wordsOf(labels: AuditLabels): AuditWords {
  return {
    action: (code) => labelIn(labels.actions, code),
    reason: (reason) => labelIn(labels.reasons, reason) ?? reason,
    actions: Object.entries(labels.actions).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  };
}

// One per language: the catalogue's objects never change, so neither do their words.
const byLanguage = new WeakMap<AuditLabels, AuditWords>();

export function useAuditWords(): AuditWords {
  const labels = useMessages(auditLabelMessages);
  let words = byLanguage.get(labels);
  if (!words) {
    words = wordsOf(labels);
    byLanguage.set(labels, words);
  }
  return words;
}
