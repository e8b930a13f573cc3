import type { TestProject } from 'vitest/node';
import { rm } from 'node:fs/promises';
import { startServer, TEMPLATES_ENV, templatesFolder } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/**
 * One real server for the whole run; tests that need a server of their own start one, from a copy of
 * the run's seeded data for their seed (server.ts). The test files' workers inherit the folder's name.
 */
export default async function setup(project: TestProject) {
  const templates = await templatesFolder();
  process.env[TEMPLATES_ENV] = templates;
  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  return async () => {
    await server.stop();
    await rm(templates, { recursive: true, force: true });
  };
}
