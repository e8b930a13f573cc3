import type { Config } from '../../config.js';
import type { Database } from '../connection.js';
import { createAccount } from './accounts.js';
import { ADMIN_ROLE, seedCatalogue } from './catalogue.js';
import { seedDemo } from './demo.js';
import { seedDictionaries } from './dictionaries.js';

/**
 * Runs at every start after the migrations; each step only adds what is missing. The permission tree
 * and the dictionaries are part of the product and seeded in every mode (without them even the
 * production admin could not sign in); projects and accounts are demo data.
 */
export async function seed(db: Database, config: Config) {
  await seedCatalogue(db);
  await seedDictionaries(db);
  if (config.CITYOPS_MODE === 'demo') {
    await seedDemo(db, config);
    return;
  }
  if (config.CITYOPS_ADMIN_PASSWORD) {
    await createAccount(db, {
      userName: 'admin',
      password: config.CITYOPS_ADMIN_PASSWORD,
      name: '系统管理员',
      userType: 0,
      roleCodes: [ADMIN_ROLE],
      projectIds: [],
    });
  }
}
