#!/usr/bin/env node
// Browser tests drive Debian's Chromium (playwright's own download cannot work
// offline). Install it when missing and we may (root with apt), else stop with
// a clear message instead of failing deep inside a test.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
let hasApt = false;
try {
  execSync('command -v apt-get', { stdio: 'ignore' });
  hasApt = true;
} catch {
  hasApt = false;
}
if (!isRoot || !hasApt) {
  console.error(
    `Chromium was not found at ${path}.\n` +
      'Install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary, then run the tests again.',
  );
  process.exit(1);
}
console.log('Chromium is missing: installing Debian\'s chromium package (once)…');
execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core', {
  stdio: 'inherit',
});
if (!existsSync(path)) {
  console.error(`apt installed chromium but ${path} is still missing; set CHROMIUM_PATH.`);
  process.exit(1);
}
