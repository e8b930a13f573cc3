// A vitest reporter that writes each test file's time to the run's record (scripts/test.sh sets
// CITYOPS_TEST_TIMES to a folder), so `make test` can name its slowest files at the end. Without the
// variable it does nothing. One line per file: phase, file (from the repository root), milliseconds.
import { appendFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');

export default class TestTimes {
  onTestModuleEnd(testModule) {
    const folder = process.env.CITYOPS_TEST_TIMES;
    if (!folder) return;
    const d = testModule.diagnostic();
    // What the file cost the run: its environment, set-up, import and tests with their hooks.
    const ms =
      d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
    const phase = process.env.CITYOPS_TEST_PHASE ?? '';
    appendFileSync(
      join(folder, 'files.tsv'),
      `${phase}\t${relative(root, testModule.moduleId)}\t${Math.round(ms)}\n`,
    );
  }
}
