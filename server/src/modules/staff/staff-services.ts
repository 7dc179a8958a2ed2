import { STAFF_IDLE_TIMEOUT_SECONDS, STAFF_SESSION_MAX_SECONDS } from '@webpay/contracts/office';
import type { Database } from '../../db/client.ts';
import type { AuditRepository } from '../audit/index.ts';
import type { SignInLockout } from '../lockout/index.ts';
import { ENROLMENT_LIFETIME_SECONDS } from './enrolment-limits.ts';
import { EnrolmentRepository } from './enrolment.repository.ts';
import { EnrolmentService } from './enrolment.service.ts';
import { SecondFactors } from './second-factor.ts';
import { StaffAdmin } from './staff-admin.service.ts';
import { StaffRepository } from './staff.repository.ts';
import { StaffSessionRead, type StaffReadSpec } from './staff-session-read.ts';
import { StaffSessionsRepository } from './staff-sessions.repository.ts';
import { StaffSessions } from './staff-sessions.service.ts';
import { StaffSignIn } from './staff-sign-in.service.ts';
import { StaffTokens, type StaffKeySource } from './staff-tokens.ts';

/** The billing office's identity: staff, their sessions and their sign-in. */
export interface StaffServices {
  /** Staff members; single sign-on finds or creates its staff here (findOrCreateSso). */
  members: StaffRepository;
  /** Sessions: issueSession is the one way any sign-in method starts one. */
  sessions: StaffSessions;
  signIn: StaffSignIn;
  secondFactors: SecondFactors;
  enrolment: EnrolmentService;
  admin: StaffAdmin;
}

export interface StaffServicesOptions {
  db: Database;
  audit: AuditRepository;
  lockout: SignInLockout;
  /** JWT_SECRET: TOTP keys are sealed and recovery codes hashed under keys derived from it. */
  secret: string;
  /** The session signing keys; staff tokens are signed with keys derived from them. */
  sessionKeys: StaffKeySource;
  /** PUBLIC_URL: enrolment links point at the console under it. */
  publicUrl: string;
  /** The portal's and the hospital's names, which staff passwords must not be built from. */
  serviceNames: readonly string[];
}

/** Issue #23: idle 15 minutes, 12 hours at most. */
const SESSION_LIMITS = {
  maxSeconds: STAFF_SESSION_MAX_SECONDS,
  idleSeconds: STAFF_IDLE_TIMEOUT_SECONDS,
};

/**
 * A console read's statement (staff-session-read.ts) under the sessions'
 * limits, for the modules whose reads check the session themselves; run it
 * with the authenticate-staff plugin's `staffReader`.
 */
export function staffReadStatement<R>(db: Database, spec: StaffReadSpec): StaffSessionRead<R> {
  return new StaffSessionRead<R>(db, spec, SESSION_LIMITS.idleSeconds);
}

export function createStaffServices(options: StaffServicesOptions): StaffServices {
  const { db, audit, lockout, secret } = options;
  const members = new StaffRepository(db);
  const secondFactors = new SecondFactors(secret);
  const sessions = new StaffSessions(
    members,
    new StaffSessionsRepository(db, SESSION_LIMITS),
    new StaffTokens(options.sessionKeys),
    audit,
  );
  const signIn = new StaffSignIn(members, sessions, secondFactors, lockout, audit, secret);
  const enrolments = new EnrolmentRepository(db, ENROLMENT_LIFETIME_SECONDS);
  const enrolment = new EnrolmentService(db, members, enrolments, secondFactors, audit, {
    publicUrl: options.publicUrl,
    serviceNames: options.serviceNames,
  });
  const admin = new StaffAdmin(db, members, enrolments, enrolment, sessions, audit);
  return { members, sessions, signIn, secondFactors, enrolment, admin };
}
