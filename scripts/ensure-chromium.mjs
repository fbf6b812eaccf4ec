#!/usr/bin/env node
// Makes sure a Chromium is there for the Playwright tests, without Playwright's own download
// where the machine has a browser or can install Debian's. Plain Node, no dependencies.
//
// 1. CHROMIUM_PATH, /usr/bin/chromium, chromium-browser or google-chrome: use it.
// 2. Else, as root (or with password-less sudo) and with apt-get: install Debian's chromium.
// 3. Else: `npx playwright install chromium` (Playwright's download) and use that.
// The chosen path goes to e2e/.chromium-path, which e2e/playwright.config.ts reads when
// CHROMIUM_PATH is not set.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const e2eDir = fileURLToPath(new URL('../e2e/', import.meta.url));
const recordFile = path.join(e2eDir, '.chromium-path');
const CANDIDATES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The first candidate found in /usr/bin or on the PATH. */
function findInstalled() {
  const dirs = ['/usr/bin', ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean)];
  for (const name of CANDIDATES) {
    for (const dir of dirs) {
      const file = path.join(dir, name);
      if (isExecutable(file)) return file;
    }
  }
  return undefined;
}

function succeeds(command, args) {
  return spawnSync(command, args, { stdio: 'ignore' }).status === 0;
}

function run(command, args, options = {}) {
  console.log(`$ ${[command, ...args].join(' ')}`);
  execFileSync(command, args, { stdio: 'inherit', ...options });
}

function record(file, how) {
  fs.writeFileSync(recordFile, `${file}\n`);
  console.log(
    `Chromium: ${file} (${how}); recorded in ${path.relative(process.cwd(), recordFile)}`,
  );
}

function installWithApt() {
  if (!succeeds('apt-get', ['--version'])) return false;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot && !succeeds('sudo', ['-n', 'true'])) return false;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (...args) =>
    isRoot ? run('apt-get', args, { env }) : run('sudo', ['-n', 'apt-get', ...args], { env });
  apt('update');
  apt('install', '-y', 'chromium');
  return true;
}

/** Playwright's own download, then the path of the browser it installed. */
function installWithPlaywright() {
  run('npx', ['playwright', 'install', 'chromium'], { cwd: e2eDir });
  const script =
    "const { chromium } = require('@playwright/test'); console.log(chromium.executablePath());";
  return execFileSync('node', ['-e', script], { cwd: e2eDir, encoding: 'utf8' }).trim();
}

function main() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!isExecutable(fromEnv)) {
      console.error(`CHROMIUM_PATH is set to ${fromEnv}, which is not an executable file.`);
      process.exit(1);
    }
    record(fromEnv, 'CHROMIUM_PATH');
    return;
  }

  const installed = findInstalled();
  if (installed) {
    record(installed, 'already installed');
    return;
  }

  if (installWithApt()) {
    const file = findInstalled();
    if (!file) {
      console.error('apt-get installed chromium, but no chromium executable was found.');
      process.exit(1);
    }
    record(file, "Debian's package");
    return;
  }

  console.log("No Chromium here and no apt-get as root: using Playwright's own download.");
  const downloaded = installWithPlaywright();
  if (!isExecutable(downloaded)) {
    console.error(`Playwright reported ${downloaded}, which is not an executable file.`);
    process.exit(1);
  }
  record(downloaded, "Playwright's download");
}

main();
