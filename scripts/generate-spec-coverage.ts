// Writes docs/spec-coverage.md from the spec-conformance table (packages/contracts/src/spec).
import fs from 'node:fs';
import { renderSpecCoverageDoc } from '../packages/contracts/src/spec/spec-coverage-doc.ts';

fs.writeFileSync(new URL('../docs/spec-coverage.md', import.meta.url), renderSpecCoverageDoc());
console.log('docs/spec-coverage.md written');
