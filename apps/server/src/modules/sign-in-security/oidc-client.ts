import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';

/** What Rally reads of a provider's discovery document. */
export interface OidcMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
}

const DISCOVERY_TTL_MS = 10 * 60_000;
const discovered = new Map<string, { at: number; metadata: OidcMetadata }>();
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

export class OidcError extends Error {}

/**
 * The provider's discovery document (cached 10 minutes per issuer). Its `issuer` must be the configured one exactly,
 * as OpenID Connect Discovery §4.3 requires, so a document cannot speak for another provider.
 */
export async function discover(issuer: string): Promise<OidcMetadata> {
  const hit = discovered.get(issuer);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.metadata;
  const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(5_000),
    });
  } catch {
    throw new OidcError(`the provider's discovery document (${url}) cannot be reached`);
  }
  if (!res.ok) throw new OidcError(`the provider's discovery document (${url}) answered ${res.status}`);
  const doc = (await res.json().catch(() => null)) as Partial<OidcMetadata> | null;
  if (
    !doc ||
    typeof doc.authorization_endpoint !== 'string' ||
    typeof doc.token_endpoint !== 'string' ||
    typeof doc.jwks_uri !== 'string'
  ) {
    throw new OidcError('the discovery document lacks authorization_endpoint, token_endpoint or jwks_uri');
  }
  if (doc.issuer !== issuer) throw new OidcError(`the discovery document names another issuer (${String(doc.issuer)})`);
  const metadata: OidcMetadata = {
    issuer: doc.issuer,
    authorization_endpoint: doc.authorization_endpoint,
    token_endpoint: doc.token_endpoint,
    jwks_uri: doc.jwks_uri,
    ...(typeof doc.userinfo_endpoint === 'string' ? { userinfo_endpoint: doc.userinfo_endpoint } : {}),
  };
  discovered.set(issuer, { at: Date.now(), metadata });
  return metadata;
}

const random = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** A fresh authorization request: state (bound to the browser), nonce (bound to the id_token) and PKCE verifier. */
export function newAuthorizationRequest() {
  return { state: random(), nonce: random(), codeVerifier: random() };
}

export function authorizationUrl(
  metadata: OidcMetadata,
  p: { clientId: string; redirectUri: string; state: string; nonce: string; codeVerifier: string; loginHint: string },
): string {
  const url = new URL(metadata.authorization_endpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', p.clientId);
  url.searchParams.set('redirect_uri', p.redirectUri);
  url.searchParams.set('scope', 'openid email profile');
  url.searchParams.set('state', p.state);
  url.searchParams.set('nonce', p.nonce);
  url.searchParams.set('code_challenge', sha256(p.codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('login_hint', p.loginHint);
  return url.toString();
}

export interface IdentityClaims {
  sub: string;
  email: string;
  name: string | null;
}

/**
 * Trades the code for tokens at the token endpoint (client_secret_basic, PKCE verifier) and verifies the id_token:
 * signature against the provider's published keys, issuer, audience, expiry and our nonce. Its email must be there
 * and, when the provider says so, verified.
 */
export async function redeemCode(
  metadata: OidcMetadata,
  p: { clientId: string; clientSecret: string; redirectUri: string; code: string; codeVerifier: string; nonce: string },
): Promise<IdentityClaims> {
  const basic = Buffer.from(`${encodeURIComponent(p.clientId)}:${encodeURIComponent(p.clientSecret)}`).toString(
    'base64',
  );
  let res: Response;
  try {
    res = await fetch(metadata.token_endpoint, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: p.code,
        redirect_uri: p.redirectUri,
        code_verifier: p.codeVerifier,
      }),
      redirect: 'error',
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new OidcError('the token endpoint cannot be reached');
  }
  const tokens = (await res.json().catch(() => null)) as {
    id_token?: unknown;
    access_token?: unknown;
    error?: unknown;
  } | null;
  if (!res.ok || typeof tokens?.id_token !== 'string')
    throw new OidcError(`the token endpoint refused the code (${String(tokens?.error ?? res.status)})`);
  let keys = keySets.get(metadata.jwks_uri);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(metadata.jwks_uri));
    keySets.set(metadata.jwks_uri, keys);
  }
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(tokens.id_token, keys, {
      issuer: metadata.issuer,
      audience: p.clientId,
      clockTolerance: 30,
    }));
  } catch (error) {
    throw new OidcError(`the id_token does not verify: ${(error as Error).message}`);
  }
  if (payload.nonce !== p.nonce) throw new OidcError('the id_token carries another nonce');
  if (typeof payload.sub !== 'string') throw new OidcError('the id_token names no subject');
  // Providers may keep the profile claims out of the id_token when an access token is issued (OIDC Core §5.4):
  // then they come from the userinfo endpoint, for the same subject (§5.3.2).
  let claims: Record<string, unknown> = payload;
  if (typeof payload.email !== 'string') {
    if (!metadata.userinfo_endpoint || typeof tokens.access_token !== 'string')
      throw new OidcError('the provider names no email');
    claims = await userInfo(metadata.userinfo_endpoint, tokens.access_token);
    if (claims.sub !== payload.sub) throw new OidcError('userinfo names another subject than the id_token');
  }
  if (typeof claims.email !== 'string') throw new OidcError('the provider names no email');
  if (claims.email_verified === false) throw new OidcError('the provider has not verified the email');
  return {
    sub: payload.sub,
    email: claims.email.trim().toLowerCase(),
    name: typeof claims.name === 'string' ? claims.name : null,
  };
}

async function userInfo(endpoint: string, accessToken: string): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(endpoint, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new OidcError('the userinfo endpoint cannot be reached');
  }
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok || !body) throw new OidcError(`the userinfo endpoint answered ${res.status}`);
  return body;
}
