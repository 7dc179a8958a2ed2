// What other modules may use of staff; everything else stays inside it.
export * from './staff-services.ts';
export type { StaffAuth, SessionOrigin } from './staff-sessions.service.ts';
export type { StaffRow } from './staff.repository.ts';
export { StaffRepository } from './staff.repository.ts';
export { StaffSessions } from './staff-sessions.service.ts';
export { staffMemberView } from './staff-view.ts';
export { SecondFactors } from './second-factor.ts';
export type { StaffWithLink } from './staff-admin.service.ts';
export type { StaffAdministrator } from './staff-actor.ts';
export type { EnrolmentLink } from './enrolment.service.ts';
export { STAFF_TOKEN_AUDIENCE, StaffTokens, isStaffToken } from './staff-tokens.ts';
export type {
  StaffCall,
  StaffReader,
  StaffReadSpec,
  StaffSessionRead,
} from './staff-session-read.ts';
