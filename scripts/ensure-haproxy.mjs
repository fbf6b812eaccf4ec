#!/usr/bin/env node
// Makes sure HAProxy is there for the replicas test (docs/replicas.md), as ensure-chromium.mjs
// does for the browser: found on the PATH, or installed from Debian's packages when this runs
// as root (or with password-less sudo) with apt-get. Plain Node, no dependencies.
import { spawnSync } from 'node:child_process';

const found = () => spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0;

function run(command, args) {
  const asRoot = process.getuid?.() === 0;
  const [file, rest] = asRoot ? [command, args] : ['sudo', ['-n', command, ...args]];
  return spawnSync(file, rest, { stdio: 'inherit' }).status === 0;
}

if (!found()) {
  console.info("[replicas] HAProxy is missing: installing Debian's package");
  const installed =
    run('apt-get', ['update', '-qq']) && run('apt-get', ['install', '-y', '-qq', 'haproxy']);
  if (!installed || !found()) {
    console.error('[replicas] could not install HAProxy: apt-get install -y haproxy, then again');
    process.exit(1);
  }
}
