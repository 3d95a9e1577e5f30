// Draws the server's module graph into docs/ARCHITECTURE.md (a Mermaid diagram between the
// module-graph markers): an arrow a --> b for each module a whose production code imports
// module b's front door (index.ts). A test fails when the picture is out of step with the code.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const modulesDir = path.join(root, 'apps/server/src/modules');

function productionFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return productionFiles(full);
    const isSource = entry.name.endsWith('.ts') && !/\.test(-support)?\.ts$/.test(entry.name);
    return isSource ? [full] : [];
  });
}

/** Module → the modules it imports, sorted. */
export function moduleGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const modules = fs
    .readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  for (const name of modules) {
    const uses = new Set<string>();
    for (const file of productionFiles(path.join(modulesDir, name))) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)) {
        const target = path.resolve(path.dirname(file), match[1]!);
        const relative = path.relative(modulesDir, target).split(path.sep);
        if (relative.length > 1 && relative[0] !== '..' && relative[0] !== name) uses.add(relative[0]!);
      }
    }
    graph.set(name, [...uses].sort());
  }
  return graph;
}

export function renderModuleGraph(graph: Map<string, string[]>): string {
  const lines = ['```mermaid', 'graph LR'];
  for (const [name, uses] of graph) {
    if (uses.length === 0 && ![...graph.values()].some((list) => list.includes(name)))
      lines.push(`  ${name}`);
    for (const used of uses) lines.push(`  ${name} --> ${used}`);
  }
  lines.push('```');
  return lines.join('\n');
}

export const START = '<!-- module-graph:start -->';
export const END = '<!-- module-graph:end -->';

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const docPath = path.join(root, 'docs/ARCHITECTURE.md');
  const doc = fs.readFileSync(docPath, 'utf8');
  if (!doc.includes(START)) throw new Error(`docs/ARCHITECTURE.md has no ${START} marker`);
  const updated = doc.replace(
    new RegExp(`${START}[\\s\\S]*${END}`),
    `${START}\n${renderModuleGraph(moduleGraph())}\n${END}`,
  );
  fs.writeFileSync(docPath, updated);
  console.log('docs/ARCHITECTURE.md: module graph updated');
}
