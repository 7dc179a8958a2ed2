import type { TestAccountClaims } from '@webpay/server/testkit/oidc-provider';

/*
 * The people of the identity provider the first browser-test server signs
 * billing staff in with (support/start-server.ts): the provider's login form
 * takes the account's id as its login name, any password.
 */

/** The provider's groups that map to billing office roles (OIDC_ROLE_MAP). */
export const SSO_ROLE_MAP =
  'billing-admins=admin,billing-supervisors=supervisor,billing-agents=agent';

/** The name the sign-in page gives the provider (OIDC_LABEL). */
export const SSO_LABEL = 'Hospital sign-in';

export interface SsoAccount extends TestAccountClaims {
  /** The login name typed at the provider's sign-in form. */
  login: string;
}

export const SSO_ACCOUNTS = {
  /** In a mapped group: signs in as a supervisor. */
  supervisor: {
    login: 'lena.ortiz',
    email: 'lena.ortiz@hospital.example',
    email_verified: true,
    name: 'Lena Ortiz',
    webpay_role: ['all-staff', 'billing-supervisors'],
  },
  /**
   * In a mapped group: signs in as an agent. Signing out everywhere ends all
   * of one person's sessions, so that test has this person to itself.
   */
  agent: {
    login: 'jonas.berg',
    email: 'jonas.berg@hospital.example',
    email_verified: true,
    name: 'Jonas Berg',
    webpay_role: 'billing-agents',
  },
  /**
   * In the administrators' group: runs the Staff screen in the tests, with
   * no authenticator code to share with the other tests' sign-ins.
   */
  admin: {
    login: 'mira.chen',
    email: 'mira.chen@hospital.example',
    email_verified: true,
    name: 'Mira Chen',
    webpay_role: ['all-staff', 'billing-admins'],
  },
  /** In no mapped group: refused. */
  unmapped: {
    login: 'omar.haddad',
    email: 'omar.haddad@hospital.example',
    email_verified: true,
    name: 'Omar Haddad',
    webpay_role: ['all-staff', 'radiology'],
  },
} satisfies Record<string, SsoAccount>;
