import type { AuditEvent } from '../audit/index.ts';
import type { OutgoingMail } from './mail.transport.ts';

/** The audit action of an e-mail sent while someone waits (a sign-in code or link). */
export const MAIL_DELIVERY_ACTION = 'mail.delivery';

/**
 * An e-mail the service sent straight to the mail server rather than
 * through the outbox, recorded with whom it went to and its subject (never
 * its body, which carries the code or link), so that the billing office
 * can tell a guarantor what was sent and whether the mail server took it.
 */
export function mailDeliveryEvent(
  mail: Pick<OutgoingMail, 'kind' | 'to' | 'subject'>,
  outcome: AuditEvent['outcome'],
  about: { guarantorId: string; targetType: string; targetId: string },
): AuditEvent {
  return {
    action: MAIL_DELIVERY_ACTION,
    outcome,
    actorType: 'system',
    ...about,
    details: { kind: mail.kind, to: mail.to, subject: mail.subject },
  };
}
