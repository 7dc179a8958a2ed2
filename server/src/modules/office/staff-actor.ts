import type { AuditEvent } from '../audit/index.ts';

/** The signed-in staff member a console call is made by (request.requireStaff()). */
export interface StaffActor {
  staffId: string;
  sessionId: string;
}

/** A staff member's successful look at, or action on, one guarantor. */
export function staffEvent(
  actor: StaffActor,
  action: string,
  guarantorId: string,
  details: Record<string, unknown>,
): AuditEvent {
  return {
    action,
    outcome: 'success',
    actorType: 'staff',
    actorId: actor.staffId,
    guarantorId,
    targetType: 'guarantor',
    targetId: guarantorId,
    details,
  };
}
