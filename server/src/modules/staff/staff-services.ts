import { STAFF_IDLE_TIMEOUT_SECONDS, STAFF_SESSION_MAX_SECONDS } from '@webpay/contracts/office';
import type { Database } from '../../db/client.ts';
import type { AuditRepository } from '../audit/index.ts';
import type { SignInLockout } from '../lockout/index.ts';
import { SecondFactors } from './second-factor.ts';
import { StaffRepository } from './staff.repository.ts';
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
}

export interface StaffServicesOptions {
  db: Database;
  audit: AuditRepository;
  lockout: SignInLockout;
  /** JWT_SECRET: TOTP keys are sealed and recovery codes hashed under keys derived from it. */
  secret: string;
  /** The session signing keys; staff tokens are signed with keys derived from them. */
  sessionKeys: StaffKeySource;
}

export function createStaffServices(options: StaffServicesOptions): StaffServices {
  const { db, audit, lockout, secret } = options;
  const members = new StaffRepository(db);
  const secondFactors = new SecondFactors(secret);
  const sessions = new StaffSessions(
    members,
    new StaffSessionsRepository(db, {
      maxSeconds: STAFF_SESSION_MAX_SECONDS,
      idleSeconds: STAFF_IDLE_TIMEOUT_SECONDS,
    }),
    new StaffTokens(options.sessionKeys),
    audit,
  );
  const signIn = new StaffSignIn(members, sessions, secondFactors, lockout, audit, secret);
  return { members, sessions, signIn, secondFactors };
}
