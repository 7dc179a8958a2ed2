import type { AuditEvent } from '../audit/index.ts';

/** Who administers staff: an administrator in the console, or the operator at the command line. */
export type StaffAdministrator = { kind: 'staff'; staffId: string } | { kind: 'operator' };

/** The actor fields of an audit event for an administrator. */
export function actorOf(actor: StaffAdministrator): Pick<AuditEvent, 'actorType' | 'actorId'> {
  return actor.kind === 'staff'
    ? { actorType: 'staff', actorId: actor.staffId }
    : { actorType: 'operator', actorId: null };
}
