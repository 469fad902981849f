import type * as OpenId from 'openid-client';
import type { ProviderFailure } from '../../../shared/provider-sign-in';
import type { IdentityProviderConfig, IdentityProviderName } from '../../env';

/** What the browser keeps (in a signed cookie) between leaving for the provider and coming back. */
export type PendingSignIn = {
  provider: IdentityProviderName;
  state: string;
  nonce: string;
  verifier: string;
  next: string;
};

export type ProviderIdentity = { email: string; emailVerified: boolean; name: string };

const loopback = new Set(['localhost', '127.0.0.1', '[::1]']);
/** openid-client (with jose), loaded by the first provider sign-in, not by a server that has none. */
const openIdClient = () => import('openid-client');
const discovered = new Map<string, Promise<OpenId.Configuration>>();

/** The provider's metadata, fetched once per process (and again after a failure). */
function configurationOf(provider: IdentityProviderConfig): Promise<OpenId.Configuration> {
  const key = `${provider.issuer}|${provider.clientId}`;
  let pending = discovered.get(key);
  if (!pending) {
    const issuer = new URL(provider.issuer);
    // Plain http only for a provider on this machine (a development or test provider).
    const insecure = issuer.protocol === 'http:' && loopback.has(issuer.hostname);
    pending = openIdClient().then((client) =>
      client.discovery(issuer, provider.clientId, provider.clientSecret, undefined, {
        ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
      }),
    );
    pending.catch(() => discovered.delete(key));
    discovered.set(key, pending);
  }
  return pending;
}

/** A provider sign-in that cannot complete, and why (the login page says it in words). */
export class ProviderSignInError extends Error {
  override readonly name = 'ProviderSignInError';
  constructor(readonly reason: ProviderFailure) {
    super(`Provider sign-in failed: ${reason}`);
  }
}

/** The provider's authorization URL for a fresh sign-in, and what to keep until it comes back. */
export async function beginProviderSignIn(
  name: IdentityProviderName,
  provider: IdentityProviderConfig,
  input: { redirectUri: string; next: string },
): Promise<{ url: URL; pending: PendingSignIn }> {
  let configuration: OpenId.Configuration;
  try {
    configuration = await configurationOf(provider);
  } catch {
    throw new ProviderSignInError('unavailable');
  }
  const client = await openIdClient();
  const verifier = client.randomPKCECodeVerifier();
  const pending: PendingSignIn = {
    provider: name,
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier,
    next: input.next,
  };
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: input.redirectUri,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: pending.state,
    nonce: pending.nonce,
  });
  return { url, pending };
}

/** Exchanges the code the provider sent back (checking state, nonce and PKCE) for the person's identity. */
export async function finishProviderSignIn(
  provider: IdentityProviderConfig,
  input: { callbackUrl: URL; pending: PendingSignIn },
): Promise<ProviderIdentity> {
  let claims: Record<string, unknown> | undefined;
  try {
    const configuration = await configurationOf(provider);
    const client = await openIdClient();
    const tokens = await client.authorizationCodeGrant(configuration, input.callbackUrl, {
      pkceCodeVerifier: input.pending.verifier,
      expectedState: input.pending.state,
      expectedNonce: input.pending.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    claims = idToken;
    // Some providers put the e-mail and name only in the userinfo answer, not in the ID token.
    if (idToken && typeof idToken.email !== 'string') {
      claims = {
        ...idToken,
        ...(await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub)),
      };
    }
  } catch {
    throw new ProviderSignInError('failed');
  }
  const email = typeof claims?.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email) {
    throw new ProviderSignInError('no_email');
  }
  const name =
    typeof claims?.name === 'string' && claims.name.trim()
      ? claims.name.trim()
      : (email.split('@')[0] ?? email);
  return { email, emailVerified: claims?.email_verified === true, name: name.slice(0, 100) };
}
