import type { TestProject } from 'vitest/node';
import { buildSeededDemo } from './seeded-demo';

/** The server project's global set-up: the demo data seeded once for the whole run. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { seeded, remove } = await buildSeededDemo();
  project.provide('seededDemo', seeded);
  return remove;
}
