// Writes docs/catalog.schema.json, the JSON Schema of a merchant catalogue file (docs/catalog.md),
// formatted as the repository's Prettier settings format JSON.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { renderCatalogJsonSchema } from '../packages/contracts/src/calls/products.ts';

const target = fileURLToPath(new URL('../docs/catalog.schema.json', import.meta.url));
const options = (await prettier.resolveConfig(target)) ?? {};
fs.writeFileSync(target, await prettier.format(renderCatalogJsonSchema(), { ...options, filepath: target }));
console.log('docs/catalog.schema.json written');
