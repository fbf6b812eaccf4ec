// Bundles the server into dist/server.js (run by `pnpm build`, after tsc): the API's own modules,
// the contracts and the packages the start loads (Fastify and its plugins, zod, pino,
// prom-client...). A start then reads and links a few files instead of some 600 modules: on this
// kind of machine that was about half of the time spent loading modules, and the host empties
// the page cache, so each file could be a read from the disk (docs/benchmarks.md, "Cold start").
// The modules the server loads lazily stay lazy: they become chunks (dist/server-*.js) loaded at
// first use. Everything else in dist/ is tsc's output: the command-line tools, the benchmarks
// and the tests use it.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/**
 * Packages left in node_modules, imported from there at run time. Each must be one of the API's
 * own dependencies, so that it resolves from dist/ (pnpm gives a package only its own).
 */
const OUTSIDE = new Set([
  // The database: Prisma and PGlite read their WebAssembly, the PGlite snapshot and their data
  // files beside their own modules.
  '@portico/db',
  // Native code (a .node file per platform).
  '@node-rs/argon2',
  // Serves the OpenAPI page's scripts and styles from its own folder.
  '@fastify/swagger-ui',
  // Loaded only at first use, off the start's path: the OpenID Provider (once listening),
  // passkeys, authenticator codes, mail, Redis, image sizes, the common-password list.
  'oidc-provider',
  '@simplewebauthn/server',
  'otplib',
  'nodemailer',
  'ioredis',
  'image-size',
  '@zxcvbn-ts/language-common',
]);

for (const name of OUTSIDE) {
  if (!manifest.dependencies?.[name]) {
    throw new Error(`bundle-server: ${name} stays outside but is not a dependency of the API`);
  }
}

/** The package a bare import names: `@scope/name` or `name`, without a subpath. */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const packagesOutside = {
  name: 'packages-outside',
  setup(bundler) {
    bundler.onResolve({ filter: /^[^./]/ }, (args) =>
      OUTSIDE.has(packageOf(args.path)) ? { path: args.path, external: true } : undefined,
    );
  },
};

// The chunks of an earlier build (their names are hashes of their contents).
for (const file of readdirSync(dist)) {
  if (/^server-\w+\.js(\.map)?$/.test(file)) rmSync(`${dist}${file}`);
}

await build({
  entryPoints: { server: `${dist}server.js` },
  outdir: dist,
  // tsc's dist/server.js is the entry and the bundle takes its place (tsc writes it afresh on
  // every build).
  allowOverwrite: true,
  bundle: true,
  splitting: true,
  chunkNames: 'server-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // CommonJS packages inside an ES module bundle still call require() (for Node's own modules
  // and JSON): each chunk gets one, resolving from dist/.
  banner: {
    js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
  },
  plugins: [packagesOutside],
  logLevel: 'warning',
});
