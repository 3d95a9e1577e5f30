import type { TestProject } from 'vitest/node';
import { createSeededTemplate, isPostgres, PG_URL } from './seeded-template.ts';

/** The API suite's global setup: seeds the run's demo data once (seeded-template.ts), removed at the end. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { template, drop } = await createSeededTemplate(isPostgres ? PG_URL : null);
  project.provide('seededTemplate', template);
  return drop;
}
