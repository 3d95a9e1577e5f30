// Writes docs/api-codes.md from the reply-code catalogue.
import fs from 'node:fs';
import { renderApiCodesDoc } from '../packages/contracts/src/api-codes-doc.ts';

fs.writeFileSync(new URL('../docs/api-codes.md', import.meta.url), renderApiCodesDoc());
console.log('docs/api-codes.md written');
