// Bundles the API's own modules and the contracts into dist/server.js (run by `pnpm build`,
// after tsc). A start then reads a handful of files for them instead of some 280: on a machine
// whose page cache the host empties, each was a read from the disk (docs/benchmarks.md, "Cold
// start"). Packages from node_modules stay outside, loaded as before: PGlite, Prisma and the
// others find their WebAssembly and data files next to their own modules. The modules the
// server loads lazily (the OpenID Provider, passkeys...) stay lazy: they become chunks of their
// own (dist/server-*.js), loaded at first use. Everything else in dist/ is tsc's output, as before:
// the command-line tools, the benchmarks and the tests use it.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));

/** Bare imports stay imports, but the contracts' (a workspace package of plain modules). */
const packagesOutside = {
  name: 'packages-outside',
  setup(bundler) {
    bundler.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path === '@portico/contracts' || args.path.startsWith('@portico/contracts/')
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

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
  plugins: [packagesOutside],
  logLevel: 'warning',
});
