import { createDecipheriv, createECDH, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify, type JWTPayload } from 'jose';

export interface ReceivedPush {
  subscriptionId: string;
  headers: IncomingHttpHeaders;
  /** The VAPID token's claims and key, checked: signed ES256 by `k`, audience this service's origin, not expired. */
  vapid: { key: string; claims: JWTPayload };
  /** The decrypted body (RFC 8291, aes128gcm) as text. */
  payload: string;
}

export interface LocalPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface LocalPushService {
  url: string;
  /** A browser's subscription at this service: its own key pair and auth secret, kept here to decrypt. */
  subscribe(): LocalPushSubscription & { id: string };
  /** Answers 410 Gone to pushes for this subscription from now on (an unsubscribed browser). */
  expire(id: string): void;
  received: ReceivedPush[];
  /** Pushes refused (bad VAPID, undecryptable body), with why. */
  refused: { subscriptionId: string; why: string }[];
  waitFor(predicate: (push: ReceivedPush) => boolean, ms?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
}

/** RFC 8291 §3.4 and RFC 8188: the receiving browser's side of Web Push encryption. */
function decryptAes128gcm(body: Buffer, receiver: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  const ecdhSecret = receiver.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const plain = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  const end = plain.lastIndexOf(2);
  if (end < 0) throw new Error('no record delimiter');
  return plain.subarray(0, end).toString('utf8');
}

/**
 * A push service on this machine for tests and the benchmark: it takes the POSTs a push service takes (RFC 8030),
 * checks the VAPID authorization (RFC 8292) and decrypts the body as the browser would.
 */
export async function startLocalPushService(opts: { vapidPublicKey?: string; keepPayloads?: boolean } = {}): Promise<LocalPushService> {
  const subscriptions = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer; gone: boolean }>();
  const received: ReceivedPush[] = [];
  const refused: { subscriptionId: string; why: string }[] = [];
  const waiters = new Set<() => void>();
  // A sender signs one VAPID token per push service and reuses it for hours, as push services expect: each token and
  // key is verified once (signature, audience, expiry then checked on every push), as a real push service would cache it.
  const verified = new Map<string, Promise<JWTPayload>>();
  const verifiedToken = (token: string, key: string) => {
    const cacheKey = `${key} ${token}`;
    let claims = verified.get(cacheKey);
    if (!claims) {
      const point = Buffer.from(key, 'base64url');
      claims = importJWK({ kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') }, 'ES256')
        .then((jwk) => jwtVerify(token, jwk, { audience: url, algorithms: ['ES256'] }))
        .then((result) => result.payload);
      verified.set(cacheKey, claims);
    }
    return claims.then((payload) => {
      if (payload.exp !== undefined && payload.exp < Date.now() / 1000) throw new Error('"exp" claim timestamp check failed');
      return payload;
    });
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
        const sub = subscriptions.get(id);
        if (req.method !== 'POST' || !sub) return void res.writeHead(404).end();
        if (sub.gone) return void res.writeHead(410).end();
        const refuse = (why: string) => {
          refused.push({ subscriptionId: id, why });
          res.writeHead(400).end(why);
        };
        const auth = /^vapid t=([\w.-]+), k=([\w-]+)$/.exec(req.headers.authorization ?? '');
        if (!auth) return refuse(`authorization: ${req.headers.authorization}`);
        const [, token, key] = auth as unknown as [string, string, string];
        if (opts.vapidPublicKey && key !== opts.vapidPublicKey) return refuse('k is not the VAPID public key');
        if (req.headers['content-encoding'] !== 'aes128gcm') return refuse('content-encoding');
        if (!req.headers['ttl']) return refuse('no TTL');
        let claims: JWTPayload;
        try {
          claims = await verifiedToken(token, key);
        } catch (error) {
          return refuse(`vapid token: ${(error as Error).message}`);
        }
        if (!claims.exp || claims.exp > Date.now() / 1000 + 24 * 3600) return refuse('exp more than 24 h away');
        if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) return refuse('sub');
        let payload: string;
        try {
          payload = decryptAes128gcm(Buffer.concat(chunks), sub.ecdh, sub.auth);
        } catch (error) {
          return refuse(`decrypt: ${(error as Error).message}`);
        }
        received.push({ subscriptionId: id, headers: req.headers, vapid: { key, claims }, payload: opts.keepPayloads === false ? '' : payload });
        for (const wake of waiters) wake();
        res.writeHead(201, { location: `${url}/message/${randomUUID()}` }).end();
      })();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    refused,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomUUID();
      subscriptions.set(id, { ecdh, auth, gone: false });
      return { id, endpoint: `${url}/push/${id}`, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') } };
    },
    expire(id) {
      const sub = subscriptions.get(id);
      if (sub) sub.gone = true;
    },
    waitFor(predicate, ms = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(predicate);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching push within ${ms} ms (received ${received.length}, refused ${JSON.stringify(refused)})`));
        }, ms);
        if (!check()) waiters.add(check);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
