import { afterAll } from 'vitest';
import { scanServerProcesses, startedServerProcesses } from './serverProcess.js';

/*
 * A setup file of every server test file (vitest.config.ts): once the file's own hooks have run,
 * every server process it started is ended and all it wrote is scanned for the test's secrets, as an
 * in-process test app's log is when it closes. A leak fails the file.
 */
afterAll(() => scanServerProcesses(startedServerProcesses()));
