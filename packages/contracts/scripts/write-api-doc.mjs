// Writes docs/api.md from the built call definitions. Run after `pnpm --filter
// @portico/contracts build` (the `docs` script of the package); a test fails when the file is
// out of date.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderApiDoc } from '../dist/api-doc.js';

const target = fileURLToPath(new URL('../../../docs/api.md', import.meta.url));
writeFileSync(target, renderApiDoc());
console.log(`wrote ${target}`);
