import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { END, START, moduleGraph, renderModuleGraph } from '../../../../scripts/generate-module-graph.ts';

const doc = fs.readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/ARCHITECTURE.md'),
  'utf8',
);

describe('the server module graph', () => {
  it('is drawn in docs/ARCHITECTURE.md as the code has it (npm run docs:module-graph)', () => {
    const drawn = doc.slice(doc.indexOf(START) + START.length, doc.indexOf(END)).trim();
    expect(drawn).toBe(renderModuleGraph(moduleGraph()));
  });

  it('has no cycle between modules', () => {
    const graph = moduleGraph();
    const done = new Set<string>();
    const visit = (name: string, trail: string[]): void => {
      expect(trail, `cycle: ${[...trail, name].join(' → ')}`).not.toContain(name);
      if (done.has(name)) return;
      for (const used of graph.get(name) ?? []) visit(used, [...trail, name]);
      done.add(name);
    };
    for (const name of graph.keys()) visit(name, []);
  });
});
