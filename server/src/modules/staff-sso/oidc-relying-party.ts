import * as oidc from 'openid-client';

/** WebPay as an OpenID Connect client of the identity provider (OIDC_* settings). */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** `${PUBLIC_URL}/api/v1/office/auth/sso/callback`, registered with the provider. */
  redirectUri: string;
}

/** What the callback must check the provider's answer against; kept server-side, sealed. */
export interface PendingChecks {
  nonce: string;
  codeVerifier: string;
}

export interface AuthorizationRequest {
  url: URL;
  state: string;
  checks: PendingChecks;
}

/** The provider could not be reached or its discovery document was unusable. */
export class OidcUnavailableError extends Error {
  override name = 'OidcUnavailableError';
}

/**
 * The authorization code flow with PKCE, state and nonce, by openid-client.
 * The provider's metadata is discovered on first use and kept; a failed
 * discovery is tried again at the next sign-in rather than remembered.
 */
export class OidcRelyingParty {
  private configuration: Promise<oidc.Configuration> | undefined;

  constructor(private readonly settings: OidcSettings) {}

  private config(): Promise<oidc.Configuration> {
    this.configuration ??= this.discover().catch((error: unknown) => {
      this.configuration = undefined;
      throw new OidcUnavailableError('identity provider discovery failed', { cause: error });
    });
    return this.configuration;
  }

  private discover(): Promise<oidc.Configuration> {
    const issuer = new URL(this.settings.issuer);
    // Production refuses an http:// issuer (env.ts); elsewhere a local test provider may use one.
    const insecure = issuer.protocol === 'http:';
    return oidc.discovery(
      issuer,
      this.settings.clientId,
      undefined,
      oidc.ClientSecretBasic(this.settings.clientSecret),
      insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
  }

  async authorizationRequest(): Promise<AuthorizationRequest> {
    const config = await this.config();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.settings.redirectUri,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url, state, checks: { nonce, codeVerifier } };
  }

  /**
   * Redeems the code of the provider's redirect back and answers the
   * verified claims: the ID token's (signature, issuer, audience, nonce,
   * expiry checked), completed from userinfo for the ones it lacks.
   */
  async verifiedClaims(
    callbackQuery: string,
    state: string,
    checks: PendingChecks,
    wanted: readonly string[],
  ): Promise<Record<string, unknown>> {
    const config = await this.config();
    const callbackUrl = new URL(this.settings.redirectUri);
    callbackUrl.search = callbackQuery;
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error('the identity provider sent no ID token');
    const missing = wanted.some((claim) => idClaims[claim] === undefined);
    if (!missing || !config.serverMetadata().userinfo_endpoint) return { ...idClaims };
    const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
    // The ID token is the signed statement: what it says wins over userinfo.
    return { ...userinfo, ...idClaims };
  }
}
