import { SUB_APPS } from '@cityops/contract';
import { describe, expect, it } from 'vitest';
import { loginPageWeight, subAppEntryWeight, subAppOwnWeight } from '../src/bundleSizes.js';

/**
 * Size budgets of the builds, in bytes as they cross the wire (brotli): a change that pushes the login
 * page or a sub-app's entry over its budget fails here, so growth is a decision, not an accident.
 * Sizes only, never timings. Where the figures stand and what the goals are: bench/README.md.
 */
const kB = 1024;
const BUDGET = {
  /**
   * The login page's JavaScript (goal 120 kB). 302.5 kB while the login page was a route of the full
   * shell (antd, react-router, i18next and every text); 100.3 kB since the boot shows a light login of
   * its own (React, zod for the contract's answer and page settings, our form) and fetches the full
   * shell once the page is idle.
   */
  loginPage: 102 * kB,
  /**
   * A sub-app's entry, before any page: the runtime the six share, fetched once for all. It carries
   * the contract's texts in both languages, which grew with the device modules (281 kB) and
   * with the alarm and work-order contract (iotcloud's entry 292.5 kB); splitting the contract's
   * texts and schemas by module is what would make it smaller. 297.5 kB with the plug-in's
   * texts and the bridge's layout message. 304.5 kB with the texts every page now shows in
   * English too (product, function and alarm names, message and sign-in reasons), the platform's time
   * zone and readable durations.
   */
  subAppEntry: 306 * kB,
  /** What one sub-app's entry adds to what the other five already loaded: its own code only. */
  subAppOwn: 8 * kB,
};

describe('bundle size budgets', () => {
  it(`keeps the login page's JavaScript under ${BUDGET.loginPage / kB} kB`, async () => {
    const login = await loginPageWeight();
    expect(login.wire, `login page: ${(login.wire / kB).toFixed(1)} kB in ${login.files} files`).toBeLessThan(
      BUDGET.loginPage,
    );
  });

  it.each(SUB_APPS)(
    `keeps %s's entry under its budget, sharing the rest with the other apps`,
    async (app) => {
      const entry = await subAppEntryWeight(app);
      expect(entry.wire, `${app} entry: ${(entry.wire / kB).toFixed(1)} kB`).toBeLessThan(BUDGET.subAppEntry);
      const own = await subAppOwnWeight(
        app,
        SUB_APPS.filter((other) => other !== app),
      );
      expect(own.wire, `${app} adds ${(own.wire / kB).toFixed(1)} kB of its own`).toBeLessThan(
        BUDGET.subAppOwn,
      );
    },
  );
});
