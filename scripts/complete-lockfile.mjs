// The npm registry reachable from our machines serves only the linux builds of
// unrs-resolver's native bindings (a dependency of eslint-plugin-import-x), so
// `npm install` leaves the other platforms' optional entries out of
// package-lock.json and `npm ci` then refuses the lock as out of sync.
// This writes those entries as a complete lock would have them (platform
// fields only: npm skips them on any machine whose os/cpu differs, and fetches
// them by name on the machine they are for). Run after `npm install` changes
// the lock: `node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const parent = lock.packages['node_modules/unrs-resolver'];
if (!parent) process.exit(0);

const platform = (name) => {
  const rest = name.replace('@unrs/resolver-binding-', '');
  const [os, cpu, abi] = rest.split('-');
  const entry = { os: [os], cpu: [cpu] };
  if (os === 'linux') entry.libc = [abi?.startsWith('musl') ? 'musl' : 'glibc'];
  return entry;
};

let added = 0;
for (const [name, version] of Object.entries(parent.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`;
  if (lock.packages[key]) continue;
  const { os, cpu, libc } = platform(name);
  lock.packages[key] = {
    version,
    cpu,
    dev: true,
    ...(libc ? { libc } : {}),
    license: 'MIT',
    optional: true,
    os,
  };
  added += 1;
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform entries added`);
