#!/usr/bin/env node
// `prisma generate`, offline. The CLI wants a schema-engine binary from a download host these
// machines cannot reach, but generating the client (generator `prisma-client`) never runs it:
// any existing executable satisfies the check, so Node's own is given. Telemetry and update
// checks are off. Works on a fresh clone after `pnpm install`.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const cli = path.join(path.dirname(require.resolve('prisma/package.json')), 'build', 'index.js');

const result = spawnSync(
  process.execPath,
  [cli, 'generate', '--schema', path.join(root, 'schema.prisma'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
      CHECKPOINT_DISABLE: '1',
      PRISMA_HIDE_UPDATE_MESSAGE: '1',
      PRISMA_GENERATE_SKIP_AUTOINSTALL: '1',
    },
  },
);
if (result.error) throw result.error;
process.exit(result.status ?? 1);
