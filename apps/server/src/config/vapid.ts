import { createECDH } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The VAPID key pair Web Push is signed with (decision 0026): base64url, P-256, as the browsers expect. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** Who runs this server, for push services to contact: mailto:… or https://… */
  subject: string;
}

// Test runs share one pair, as they share the test AUTH_SECRET (generated once with web-push's generateVAPIDKeys).
const TEST_KEYS = {
  publicKey: 'BNY4EM_K6LIcVpCB2aRq-DcDCvtqKup7Kbgge2zk1B1lfe054DvHm9JzmvT-t-Bdk4hXJbeAvu3ZdJjsTQpySms',
  privateKey: 'j7r-xgOiXOphjn3G1oWVet6RZ3jSOUfeQmbTjIY_mpg',
};

/** Why a pair is unusable, or null: a public key is an uncompressed point (65 bytes), the private key 32 bytes of it. */
export function vapidKeysProblem(publicKey: string, privateKey: string): string | null {
  const b64url = /^[A-Za-z0-9_-]+$/;
  if (!b64url.test(publicKey) || Buffer.from(publicKey, 'base64url').length !== 65 || Buffer.from(publicKey, 'base64url')[0] !== 4)
    return 'VAPID_PUBLIC_KEY must be a base64url P-256 public key (65 bytes, uncompressed)';
  if (!b64url.test(privateKey) || Buffer.from(privateKey, 'base64url').length !== 32)
    return 'VAPID_PRIVATE_KEY must be a base64url P-256 private key (32 bytes)';
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    if (ecdh.getPublicKey('base64url') !== publicKey) return 'VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY';
  } catch {
    return 'VAPID_PRIVATE_KEY is not a valid P-256 private key';
  }
  return null;
}

function generatePair(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: ecdh.getPublicKey('base64url'), privateKey: ecdh.getPrivateKey('base64url') };
}

/**
 * The keys from the environment, checked at boot; when both are unset, a pair generated once into DATA_DIR (as the
 * AUTH_SECRET is) outside production, the test pair in tests. Production needs them set: a new pair would silently
 * invalidate every browser's subscription.
 */
export function loadVapidKeys(input: {
  publicKey: string | undefined;
  privateKey: string | undefined;
  subject: string;
  dataDir: string;
  nodeEnv: string;
}): VapidKeys {
  const { publicKey, privateKey, subject } = input;
  if (publicKey || privateKey) {
    if (!publicKey || !privateKey) throw new Error('Invalid environment:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together');
    const problem = vapidKeysProblem(publicKey, privateKey);
    if (problem) throw new Error(`Invalid environment:\n  ${problem}`);
    return { publicKey, privateKey, subject };
  }
  if (input.nodeEnv === 'production') throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required in production (npx web-push generate-vapid-keys)');
  if (input.nodeEnv === 'test') return { ...TEST_KEYS, subject };
  const file = path.join(input.dataDir, '.vapid-keys.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    if (!vapidKeysProblem(saved.publicKey, saved.privateKey)) return { ...saved, subject };
  }
  mkdirSync(input.dataDir, { recursive: true });
  // A private key with a leading zero byte comes out shorter than 32 bytes; draw again until the pair checks.
  let pair = generatePair();
  while (vapidKeysProblem(pair.publicKey, pair.privateKey)) pair = generatePair();
  writeFileSync(file, JSON.stringify(pair), { mode: 0o600 });
  return { ...pair, subject };
}
