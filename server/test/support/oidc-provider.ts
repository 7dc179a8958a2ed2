import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/*
 * A real OpenID Connect provider (panva's oidc-provider) on a loopback port,
 * for the billing office's single sign-on tests, and a browser's walk
 * through its sign-in driven with fetch: redirects followed by hand, its
 * development login form submitted, consent given automatically.
 */

/** The claims a test account's sign-in gives, besides `sub` (its id). */
export interface TestAccountClaims {
  email: string;
  email_verified: boolean;
  name: string;
  /** The role claim (OIDC_ROLE_CLAIM's default name): a string or a list. */
  webpay_role?: string | string[];
}

export interface TestIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Change an account between sign-ins (its groups, its verified flag). */
  accounts: Map<string, TestAccountClaims>;
  close(): Promise<void>;
}

async function autoConsent(ctx: KoaContextWithOIDC) {
  const { oidc } = ctx;
  const grantId =
    oidc.result?.consent?.grantId ??
    (oidc.client ? oidc.session?.grantIdFor(oidc.client.clientId) : undefined);
  if (grantId) return oidc.provider.Grant.find(grantId);
  if (!oidc.client || !oidc.session?.accountId) return undefined;
  const grant = new oidc.provider.Grant({
    clientId: oidc.client.clientId,
    accountId: oidc.session.accountId,
  });
  grant.addOIDCScope('openid email profile');
  await grant.save();
  return grant;
}

/** Starts the provider with one confidential client whose only redirect URI is `redirectUri`. */
export async function startTestIdentityProvider(
  redirectUri: string,
  accounts: Record<string, TestAccountClaims>,
): Promise<TestIdentityProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'webpay-office';
  const clientSecret = 'test-client-secret-for-the-billing-office-0123456789';
  const known = new Map(Object.entries(accounts));
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'webpay_role'],
    },
    cookies: { keys: ['test-identity-provider-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    loadExistingGrant: autoConsent,
    findAccount: (_ctx, id) => {
      const claims = known.get(id);
      if (!claims) return undefined;
      return { accountId: id, claims: () => ({ sub: id, ...claims }) };
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    accounts: known,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The cookies of one browser, by origin; enough for a redirect dance, not a full RFC 6265 jar. */
export class TestBrowser {
  private readonly jars = new Map<string, Map<string, string>>();

  cookie(origin: string, name: string): string | undefined {
    return this.jars.get(origin)?.get(name);
  }

  async fetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const jar = this.jars.get(target.origin) ?? new Map<string, string>();
    this.jars.set(target.origin, jar);
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(target, {
      ...init,
      redirect: 'manual',
      headers: { ...(cookie ? { cookie } : {}), ...(init.headers as Record<string, string>) },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const removed = value === '' || attributes.some((item) => /^\s*max-age=0\s*$/i.test(item));
      if (removed) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  }
}

/**
 * Signs `accountId` in at the provider from its authorization URL and
 * answers where the provider sends the browser back (the callback URL, with
 * code and state), without following that last redirect. `null` cancels at
 * the sign-in page instead, as someone pressing the provider's Cancel.
 */
export async function signInAtProvider(
  browser: TestBrowser,
  authorizationUrl: string,
  accountId: string | null,
): Promise<URL> {
  const providerOrigin = new URL(authorizationUrl).origin;
  let url = new URL(authorizationUrl);
  let response = await browser.fetch(url);
  for (let step = 0; step < 10; step += 1) {
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url);
      if (url.origin !== providerOrigin) return url;
      response = await browser.fetch(url);
    } else if (response.status === 200) {
      const action = /<form[^>]*action="([^"]+)"/.exec(await response.text())?.[1];
      if (!action) throw new Error(`no sign-in form at ${url.href}`);
      if (accountId === null) {
        url = new URL(`${url.pathname}/abort`, url);
        response = await browser.fetch(url);
        continue;
      }
      url = new URL(action.replaceAll('&amp;', '&'), url);
      response = await browser.fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'login', login: accountId, password: 'any' }),
      });
    } else {
      throw new Error(`the provider answered ${response.status}: ${await response.text()}`);
    }
  }
  throw new Error('the provider never sent the browser back');
}
