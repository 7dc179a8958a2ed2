import { OFFICE_API_BASE_PATH, OFFICE_API_PATHS } from '@webpay/contracts/office';
import type { Database } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { deriveKey } from '../../lib/secrets.ts';
import type { AuditRepository } from '../audit/index.ts';
import type { StaffServices } from '../staff/index.ts';
import { OidcRelyingParty } from './oidc-relying-party.ts';
import { StaffSsoLoginsRepository } from './staff-sso.repository.ts';
import { StaffSso } from './staff-sso.service.ts';

/** A login waits this long for the identity provider's redirect back. */
export const SSO_STATE_SECONDS = 10 * 60;
/** The console has this long to exchange the grant of the redirect back. */
export const SSO_GRANT_SECONDS = 60;

export type SsoEnv = Pick<
  Env,
  | 'PUBLIC_URL'
  | 'JWT_SECRET'
  | 'OIDC_ISSUER'
  | 'OIDC_CLIENT_ID'
  | 'OIDC_CLIENT_SECRET'
  | 'OIDC_ROLE_CLAIM'
  | 'OIDC_ROLE_MAP'
  | 'OIDC_LABEL'
>;

export interface StaffSsoOptions {
  db: Database;
  env: SsoEnv;
  audit: AuditRepository;
  staff: Pick<StaffServices, 'members' | 'sessions'>;
}

/** The address the identity provider sends staff back to; registered with it as the redirect URI. */
export function ssoRedirectUri(env: Pick<Env, 'PUBLIC_URL'>): string {
  return `${env.PUBLIC_URL}${OFFICE_API_BASE_PATH}${OFFICE_API_PATHS.ssoCallback}`;
}

/** Single sign-on, off (every route but the status answering 404) while OIDC_ISSUER is unset. */
export function createStaffSso({ db, env, audit, staff }: StaffSsoOptions): StaffSso {
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = env;
  // env.ts refuses to start with only some of the three.
  const relyingParty =
    issuer && clientId && clientSecret
      ? new OidcRelyingParty({ issuer, clientId, clientSecret, redirectUri: ssoRedirectUri(env) })
      : undefined;
  return new StaffSso(
    relyingParty,
    {
      roleClaim: env.OIDC_ROLE_CLAIM,
      roleMap: env.OIDC_ROLE_MAP,
      label: env.OIDC_LABEL,
      sealKey: deriveKey(env.JWT_SECRET, 'staff-sso'),
    },
    new StaffSsoLoginsRepository(db, {
      stateSeconds: SSO_STATE_SECONDS,
      grantSeconds: SSO_GRANT_SECONDS,
    }),
    staff,
    audit,
  );
}
