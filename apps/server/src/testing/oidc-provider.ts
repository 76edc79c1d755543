import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1, in the test process, with one
 * confidential client registered for Rally's callback. Its development login screen accepts any login: the login
 * typed is the account, whose email it is (verified).
 */
export async function startOidcProvider(
  redirectUri: string,
  client = { clientId: 'rally-test', clientSecret: 'a-real-client-secret-for-tests' },
): Promise<TestOidcProvider> {
  // Made once the port is known (the issuer names it); the server answers 503 until then.
  const holder: { provider?: Provider } = {};
  const server: Server = createServer((req, res) => {
    const provider = holder.provider;
    if (!provider) {
      res.statusCode = 503;
      res.end();
      return;
    }
    void provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  holder.provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({ sub: id, email: id, email_verified: true, name: `SSO ${id.split('@')[0]}` }),
    }),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['oidc-provider-test-cookie-key'] },
  });
  return {
    issuer,
    ...client,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A browser at the provider: follows its redirects by hand with its cookies, fills the development login and consent
 * forms (or presses "abort" when told to), and stops at the first redirect to `until`, which it returns.
 */
export async function browseProvider(
  start: string,
  until: string,
  login: string,
  opts: { abort?: boolean } = {},
): Promise<URL> {
  const jar = new Map<string, string>();
  let url = start;
  let method = 'GET';
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(until)) return new URL(url);
    const res = await fetch(url, {
      method,
      body,
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(c)) jar.delete(name);
      else jar.set(name, value);
    }
    method = 'GET';
    body = undefined;
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (res.status !== 200 || !action || !prompt)
      throw new Error(`the provider answered ${res.status} at ${url}: ${html.slice(0, 500)}`);
    const uid = /\/interaction\/([^/"]+)/.exec(action)?.[1];
    if (opts.abort && uid) {
      url = new URL(`/interaction/${uid}/abort`, url).toString();
      continue;
    }
    method = 'POST';
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
    url = new URL(action.replace(/&amp;/g, '&'), url).toString();
  }
  throw new Error('too many hops at the provider');
}
