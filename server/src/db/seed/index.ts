import { eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { verifyPassword } from '../../modules/auth/password.js';
import type { Database } from '../connection.js';
import { users } from '../schema.js';
import { createAccount } from './accounts.js';
import { ADMIN_ROLE, seedCatalogue } from './catalogue.js';
import { seedDemo } from './demo.js';
import { demoDataRefusal, demoSeededAt, markDemoData, rotateDemoSecrets } from './demoData.js';
import { seedDictionaries } from './dictionaries.js';

export interface SeedOptions {
  /** Where the data is (the handle's label), named in what the seed says. */
  database: string;
  now: () => Date;
  /**
   * Where start-up warnings go: the console by default, beside main.ts's start-up lines, since the
   * app's logger does not exist yet.
   */
  warn?: (text: string) => void;
}

/**
 * Runs at every start after the migrations; each step only adds what is missing. The permission tree
 * and the dictionaries are part of the product and seeded in every mode (without them even the
 * production admin could not sign in); projects and accounts are demo data.
 */
export async function seed(db: Database, config: Config, options: SeedOptions) {
  const { database, now, warn = (text: string) => console.warn(text) } = options;
  await seedCatalogue(db);
  await seedDictionaries(db);
  if (config.CITYOPS_MODE === 'demo') {
    await db.transaction(async (tx) => {
      await markDemoData(tx, now());
      await seedDemo(tx, config);
    });
    return;
  }
  const seededAt = await demoSeededAt(db);
  if (seededAt && !config.CITYOPS_ROTATE_DEMO_SECRETS) throw new Error(demoDataRefusal(database, seededAt));
  if (seededAt) {
    const done = await rotateDemoSecrets(db, config, now());
    warn(
      `CITYOPS_ROTATE_DEMO_SECRETS: ${database} held demo data; done:\n${done.map((line) => `  - ${line}`).join('\n')}`,
    );
  } else if (config.CITYOPS_ROTATE_DEMO_SECRETS) {
    warn(
      `CITYOPS_ROTATE_DEMO_SECRETS is set but ${database} holds no demo data: nothing rotated; it may be unset`,
    );
  }
  const password = config.CITYOPS_ADMIN_PASSWORD;
  if (!password) return;
  const created = await createAccount(db, {
    userName: 'admin',
    password,
    name: '系统管理员',
    userType: 0,
    roleCodes: [ADMIN_ROLE],
    projectIds: [],
  });
  if (created !== null || seededAt) return;
  // Only the first admin gets it: a password changed since (修改密码, or reset by another
  // administrator) must survive a restart, so it is not applied, but not silently either.
  const [admin] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.userName, 'admin'));
  if (admin && !(await verifyPassword(password, admin.passwordHash)))
    warn(
      `CITYOPS_ADMIN_PASSWORD is not applied: admin already exists in ${database} with another password, which it keeps (the variable sets only the first admin's password; change admin's password signed in, with 修改密码)`,
    );
}
